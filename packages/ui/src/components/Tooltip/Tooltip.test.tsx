import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('shows on focus, hides on Escape, and keeps the trigger handlers working', () => {
    const onFocus = vi.fn();
    renderWithTheme(
      <Tooltip content="More">
        <button aria-describedby="own" onFocus={onFocus}>
          Info
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Info' });
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(button.getAttribute('aria-describedby')).toBe(`own ${tooltip.id}`);
    fireEvent.focus(button);
    expect(onFocus).toHaveBeenCalledOnce();
    expect(screen.getByRole('tooltip')).toHaveTextContent('More');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
