import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Transcript } from './Transcript';
import { sampleSegments } from './segments.fixture';

describe('Transcript', () => {
  it('shows [mm:ss] timestamps and seeks to a clicked segment', () => {
    const onSeek = vi.fn();
    renderWithTheme(<Transcript segments={sampleSegments} onSeek={onSeek} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    const third = screen.getByRole('button', { name: /First, upload/ });
    expect(third).toHaveTextContent('[00:13]');
    fireEvent.click(third);
    expect(onSeek).toHaveBeenCalledWith(13);
  });

  it('highlights the segment containing currentTime, and only that one', () => {
    const { rerender } = renderWithTheme(
      <Transcript segments={sampleSegments} currentTime={6.5} />,
    );
    expect(screen.getByRole('button', { current: true })).toHaveTextContent(
      'Today we walk through',
    );
    rerender(<Transcript segments={sampleSegments} currentTime={999} />);
    expect(screen.queryByRole('button', { current: true })).not.toBeInTheDocument();
  });

  it('highlights the word playing when words are shown', () => {
    const { container } = renderWithTheme(
      <Transcript segments={sampleSegments} currentTime={0.1} showWords />,
    );
    const active = container.querySelectorAll('[data-active="true"]');
    expect(active).toHaveLength(1);
    expect(active[0]).toHaveTextContent('Welcome');
  });

  it('seeks to a clicked word when words are shown, and to the segment elsewhere', () => {
    const onSeek = vi.fn();
    renderWithTheme(<Transcript segments={sampleSegments} onSeek={onSeek} showWords />);
    const third = sampleSegments[2]!;
    fireEvent.click(screen.getByText('upload'));
    expect(onSeek).toHaveBeenLastCalledWith(third.words![1]!.start);
    fireEvent.click(screen.getByText('[00:13]'));
    expect(onSeek).toHaveBeenLastCalledWith(13);
  });

  it('has loading and empty states', () => {
    const { rerender } = renderWithTheme(<Transcript segments={[]} loading />);
    expect(screen.getByRole('region', { name: 'Transcript' })).toHaveAttribute('aria-busy', 'true');
    rerender(<Transcript segments={[]} emptyMessage="Nothing said" />);
    expect(screen.getByText('Nothing said')).toBeInTheDocument();
  });
});
