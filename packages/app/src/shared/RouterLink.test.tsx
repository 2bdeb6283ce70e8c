import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { Link, RouterLink } from './RouterLink';

function Where() {
  const { pathname, state } = useLocation();
  return <output aria-label="location">{`${pathname} ${JSON.stringify(state ?? null)}`}</output>;
}

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          {element}
          <Where />
        </>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const location = () => screen.getByRole('status', { name: 'location' });

describe('Link', () => {
  test('renders the path as its href and navigates in the router on click, with its state', async () => {
    renderAt(
      <Link to="/pricing" state={{ from: 'test' }} className="cta">
        Pricing
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).toHaveClass('cta');
    await userEvent.click(link);
    expect(location()).toHaveTextContent('/pricing {"from":"test"}');
  });

  test("runs the caller's onClick first; a prevented click does not navigate", async () => {
    const clicks: string[] = [];
    renderAt(
      <Link
        to="/docs"
        onClick={(event) => {
          clicks.push('caller');
          event.preventDefault();
        }}
      >
        Docs
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Docs' }));
    expect(clicks).toEqual(['caller']);
    expect(location()).toHaveTextContent('/ null');
  });

  test('leaves a click that opens elsewhere to the browser (target, modifier keys)', async () => {
    renderAt(
      <>
        <Link to="/blog" target="_blank">
          Blog
        </Link>
        <Link to="/demo">Demo</Link>
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(location()).toHaveTextContent('/ null');
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Demo' }));
    await user.keyboard('{/Control}');
    expect(location()).toHaveTextContent('/ null');
    await user.click(screen.getByRole('link', { name: 'Demo' }));
    expect(location()).toHaveTextContent('/demo null');
  });

  test('an absolute URL is a plain link', () => {
    renderAt(<Link to="https://example.com/status">Status</Link>);
    expect(screen.getByRole('link', { name: 'Status' })).toHaveAttribute(
      'href',
      'https://example.com/status',
    );
  });

  test("RouterLink takes the UI package's href", async () => {
    renderAt(<RouterLink href="/contact">Contact</RouterLink>);
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(location()).toHaveTextContent('/contact null');
  });
});
