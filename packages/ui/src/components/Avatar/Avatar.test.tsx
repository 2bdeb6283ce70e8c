import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Avatar, initials } from './Avatar';

describe('initials', () => {
  it.each([
    ['Ada King Lovelace', 'AL'],
    ['grace', 'G'],
    ['  ', '?'],
    ['linus.torvalds@example.com', 'LT'],
  ])('%s → %s', (name, expected) => expect(initials(name)).toBe(expected));
});

describe('Avatar', () => {
  it('shows the image with the name as alternative text', () => {
    renderWithTheme(<Avatar name="Ada Lovelace" src="/ada.png" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
  });

  it('falls back to initials when the image fails', () => {
    renderWithTheme(<Avatar name="Ada Lovelace" src="/ada.png" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });
});
