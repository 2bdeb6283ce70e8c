import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { TOAST_DURATION_MS } from './rules';
import { toast } from './showToast';
import { ToastViewport } from './Toast';

describe('toasts', () => {
  afterEach(() => act(() => void toast.dismiss()));

  it('shows the newest toast only', async () => {
    renderWithTheme(<ToastViewport />);
    act(() => void toast.info('First'));
    expect(await screen.findByText('First')).toBeInTheDocument();
    act(() => void toast.warning('Second', { title: 'Careful' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('CarefulSecond');
  });

  it('times the auto-dismiss with TOAST_DURATION_MS', async () => {
    renderWithTheme(<ToastViewport />);
    act(() => void toast.success('Saved'));
    await screen.findByText('Saved');
    const timer = document.querySelector<HTMLElement>('.Toastify__progress-bar')!;
    expect(timer.style.animationDuration).toBe(`${TOAST_DURATION_MS}ms`);
  });
});
