import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from './outcome';
import { useConfirmedAction } from './useConfirmedAction';

describe('useConfirmedAction', () => {
  it('runs the action on its target and closes when it succeeds', async () => {
    const action = vi.fn(async (_id: string): Promise<Outcome> => ({ ok: true, value: undefined }));
    const { result } = renderHook(() => useConfirmedAction(action));
    expect(result.current.target).toBeNull();
    act(() => result.current.ask('key-1'));
    expect(result.current.target).toBe('key-1');
    await act(() => result.current.confirm());
    expect(action).toHaveBeenCalledWith('key-1');
    expect(result.current.target).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('stays open with the reason when refused, and cancel forgets both', async () => {
    const action = async (): Promise<Outcome> => ({ ok: false, message: 'Key is in use' });
    const { result } = renderHook(() => useConfirmedAction<string>(action));
    act(() => result.current.ask('key-2'));
    await act(() => result.current.confirm());
    expect(result.current.target).toBe('key-2');
    expect(result.current.error).toBe('Key is in use');
    act(() => result.current.cancel());
    expect(result.current.target).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('does nothing when confirmed with no dialog open', async () => {
    const action = vi.fn(async (): Promise<Outcome> => ({ ok: true, value: undefined }));
    const { result } = renderHook(() => useConfirmedAction<true>(action));
    await act(() => result.current.confirm());
    expect(action).not.toHaveBeenCalled();
  });
});
