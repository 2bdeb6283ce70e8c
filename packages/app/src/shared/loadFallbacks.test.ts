import { describe, expect, it } from 'vitest';
import { errorMessage } from '../store/errors';
import { LOAD_FALLBACKS } from './messages';

describe('errorMessage with the dashboard fallbacks', () => {
  it("uses the server's message when the error has one", () => {
    const error = {
      status: 500,
      data: { message: 'Billing is temporarily unavailable.', code: 'internal_error' },
    };
    expect(errorMessage(error, LOAD_FALLBACKS.billing)).toBe('Billing is temporarily unavailable.');
  });

  it('falls back when the body is not the error shape', () => {
    expect(errorMessage({ status: 500, data: 'Internal Server Error' }, LOAD_FALLBACKS.stats)).toBe(
      LOAD_FALLBACKS.stats,
    );
    expect(
      errorMessage(
        { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
        LOAD_FALLBACKS.stats,
      ),
    ).toBe('Failed to load stats');
    expect(errorMessage({ status: 500, data: { message: '' } }, LOAD_FALLBACKS.chart)).toBe(
      LOAD_FALLBACKS.chart,
    );
    expect(errorMessage(undefined, LOAD_FALLBACKS.transactions)).toBe(LOAD_FALLBACKS.transactions);
  });
});
