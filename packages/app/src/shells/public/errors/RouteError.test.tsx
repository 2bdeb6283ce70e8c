import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { orPlainWords } from './RouteError';

describe('RouteError when its screen cannot load', () => {
  test('says so in plain words, with a link that loads the site afresh', async () => {
    // As after a deploy that replaced the screen's code, or with the connection gone.
    const { default: Shown } = await orPlainWords(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(<Shown />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This page could not load.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload Parlance' })).toHaveAttribute('href', '/');
  });
});
