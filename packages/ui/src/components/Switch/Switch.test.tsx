import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Switch } from './Switch';

describe('Switch', () => {
  it('is a named switch whose aria-checked follows clicks', async () => {
    const onCheckedChange = vi.fn();
    renderWithTheme(<Switch label="Enabled" onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Enabled' });
    expect(control).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(control);
    expect(control).toHaveAttribute('aria-checked', 'true');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
  });

  it('leaves a controlled value to its parent', async () => {
    const onCheckedChange = vi.fn();
    renderWithTheme(
      <Switch aria-label="Enabled" checked={false} onCheckedChange={onCheckedChange} />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });
});
