import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Textarea } from './Textarea';

describe('Textarea', () => {
  it('is a labelled multi-line field that reports errors', () => {
    renderWithTheme(<Textarea label="Notes" error="Too short" />);
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '4');
    expect(box).toHaveAccessibleDescription('Too short');
  });
});
