import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { ConfirmDialog } from './ConfirmDialog';

const props = {
  open: true,
  title: 'Delete?',
  message: 'Gone for good.',
  onConfirm: vi.fn(),
  onCancel: vi.fn(),
};

describe('ConfirmDialog', () => {
  it('confirms and cancels through its buttons', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithTheme(
      <ConfirmDialog {...props} onConfirm={onConfirm} onCancel={onCancel} confirmLabel="Delete" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('focuses confirm by default and cancel for a danger action', () => {
    const { unmount } = renderWithTheme(<ConfirmDialog {...props} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    unmount();
    renderWithTheme(<ConfirmDialog {...props} variant="danger" />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('cannot be dismissed while busy', () => {
    const onCancel = vi.fn();
    renderWithTheme(<ConfirmDialog {...props} onCancel={onCancel} busy />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Confirm/ })).toHaveAttribute('aria-busy', 'true');
  });
});
