import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CloseIcon } from '../../icons';
import { renderWithTheme } from '../../test/render';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by aria-label and hides its icon from assistive technology', async () => {
    const onClick = vi.fn();
    const { container } = renderWithTheme(
      <IconButton aria-label="Close" icon={<CloseIcon />} onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveAttribute('type', 'button');
    expect(container.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
