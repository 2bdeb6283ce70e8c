import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { SearchInput } from './SearchInput';

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces onSearch to the last value', () => {
    const onSearch = vi.fn();
    renderWithTheme(<SearchInput onSearch={onSearch} debounceMs={300} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('clears at once with the clear button and cancels the pending search', () => {
    const onSearch = vi.fn();
    renderWithTheme(<SearchInput onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    act(() => vi.runAllTimers());
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
