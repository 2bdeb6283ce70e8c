import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { sampleDashboardNavigation } from '../../test/sampleNavigation';
import { DashboardLayout } from './DashboardLayout';

describe('DashboardLayout', () => {
  it('renders sidebar, title, slots and content', () => {
    renderWithTheme(
      <DashboardLayout
        navigation={sampleDashboardNavigation}
        title="Usage"
        activePath="/dashboard/usage"
        actions={<button type="button">Refresh</button>}
        userMenu={<span>Ada</span>}
      >
        <p>chart</p>
      </DashboardLayout>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('chart');
  });
});
