import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { PageTransition } from './PageTransition';

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PageTransition', () => {
  it('shows the first page at once, and remounts with an entrance animation when the key changes', () => {
    mockReducedMotion(false);
    const { rerender } = renderWithTheme(<PageTransition transitionKey="/">Home</PageTransition>);
    const first = screen.getByText('Home');
    expect(first).toHaveAttribute('data-animate', 'false');
    rerender(<PageTransition transitionKey="/">Home</PageTransition>);
    expect(screen.getByText('Home')).toBe(first);
    rerender(<PageTransition transitionKey="/pricing">Home</PageTransition>);
    expect(screen.getByText('Home')).not.toBe(first);
    expect(screen.getByText('Home')).toHaveAttribute('data-animate', 'true');
    // Back on the first page: a change like any other.
    rerender(<PageTransition transitionKey="/">Home</PageTransition>);
    expect(screen.getByText('Home')).toHaveAttribute('data-animate', 'true');
  });

  it('neither animates nor remounts under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    const { rerender } = renderWithTheme(<PageTransition transitionKey="/">Page</PageTransition>);
    const first = screen.getByText('Page');
    expect(first).toHaveAttribute('data-animate', 'false');
    rerender(<PageTransition transitionKey="/pricing">Page</PageTransition>);
    expect(screen.getByText('Page')).toBe(first);
  });
});
