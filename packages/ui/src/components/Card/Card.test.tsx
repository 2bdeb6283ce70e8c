import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Card } from './Card';

describe('Card', () => {
  it('is a region labelled by its title, at the requested heading level', () => {
    renderWithTheme(
      <Card title="Usage" headingLevel={3} actions={<button type="button">Refresh</button>}>
        body
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Usage' })).toHaveTextContent('body');
    expect(screen.getByRole('heading', { level: 3, name: 'Usage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('renders no header without a title or actions', () => {
    renderWithTheme(<Card>only body</Card>);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
