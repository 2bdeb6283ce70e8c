import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { FileDrop } from './FileDrop';

const file = (name: string, bytes: number, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('FileDrop', () => {
  it('accepts a dropped audio file and shows its name and size', () => {
    const onFileChange = vi.fn();
    renderWithTheme(<FileDrop label="Audio" maxSizeBytes={10_000} onFileChange={onFileChange} />);
    const zone = screen.getByRole('button', { name: /Audio/ });
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.mp3', 1536, 'audio/mpeg')] } });
    expect(onFileChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'a.mp3' }));
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects a file that is too large, and more than one file', () => {
    const onFileChange = vi.fn();
    renderWithTheme(<FileDrop label="Audio" maxSizeBytes={1024} onFileChange={onFileChange} />);
    const zone = screen.getByRole('button', { name: /Audio/ });
    fireEvent.drop(zone, { dataTransfer: { files: [file('big.wav', 2048, 'audio/wav')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('“big.wav” is 2 KB; the limit is 1 KB.');
    expect(zone).toHaveAccessibleDescription(/the limit is 1 KB/);
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.mp3', 1, ''), file('b.mp3', 1, '')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one file at a time.');
    expect(onFileChange).not.toHaveBeenCalled();
  });

  it('ignores drops while disabled', () => {
    const onFileChange = vi.fn();
    renderWithTheme(<FileDrop label="Audio" disabled onFileChange={onFileChange} />);
    fireEvent.drop(screen.getByRole('button', { name: /Audio/ }), {
      dataTransfer: { files: [file('a.mp3', 1, 'audio/mpeg')] },
    });
    expect(onFileChange).not.toHaveBeenCalled();
  });
});
