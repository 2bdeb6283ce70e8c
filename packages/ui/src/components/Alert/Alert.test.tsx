import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { darkTheme } from '../../theme';
import { renderWithTheme } from '../../test/render';
import { Alert } from './Alert';

describe('Alert', () => {
  it('announces danger as an alert with its title and message', () => {
    renderWithTheme(
      <Alert variant="danger" title="Failed">
        Try again
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('FailedTry again');
  });

  it('uses a polite status and the theme colours for info', () => {
    renderWithTheme(<Alert>Note</Alert>, { theme: darkTheme });
    expect(screen.getByRole('status')).toHaveStyle({ background: darkTheme.color.infoSubtle });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
