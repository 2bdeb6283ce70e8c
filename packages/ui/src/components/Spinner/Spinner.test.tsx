import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status with an accessible label', () => {
    renderWithTheme(<Spinner label="Loading chart" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading chart');
  });

  it('defaults its label to Loading', () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
