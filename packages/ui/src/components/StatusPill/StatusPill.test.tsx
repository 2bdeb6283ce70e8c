import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { StatusPill } from './StatusPill';

describe('StatusPill', () => {
  it.each([
    ['queued', 'Queued'],
    ['completed', 'Completed'],
    ['error', 'Error'],
    ['processing', 'Processing'],
  ])('capitalises %s', (status, label) => {
    renderWithTheme(<StatusPill status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('shows the rounded, clamped percent only while processing', () => {
    const { rerender } = renderWithTheme(<StatusPill status="processing" percent={41.6} />);
    expect(screen.getByText('Processing 42%')).toBeInTheDocument();
    rerender(<StatusPill status="processing" percent={140} />);
    expect(screen.getByText('Processing 100%')).toBeInTheDocument();
    rerender(<StatusPill status="completed" percent={100} />);
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });
});
