import { useEffect } from 'react';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PublicFrame } from './PublicFrame';

describe('PublicFrame', () => {
  test('a page that rewrites its own address is not mounted afresh; a new page is', async () => {
    const mounts: string[] = [];
    function Page() {
      const { id = 'none' } = useParams();
      useEffect(() => {
        mounts.push(id);
      }, []); // eslint-disable-line react-hooks/exhaustive-deps -- counts mounts, not renders
      return <p>page {id}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          element: (
            <PublicFrame animate>
              <Outlet />
            </PublicFrame>
          ),
          children: [{ path: '/page/:id?', element: <Page /> }],
        },
      ],
      { initialEntries: ['/page/secret'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('page secret')).toBeInTheDocument();

    // As the reset page drops its token from the address: the same page, kept as it is.
    await act(() => router.navigate('/page', { replace: true }));
    expect(await screen.findByText('page none')).toBeInTheDocument();
    expect(mounts).toEqual(['secret']);

    // A link followed is a new page, which plays the entrance again.
    await act(() => router.navigate('/page/next'));
    expect(await screen.findByText('page next')).toBeInTheDocument();
    expect(mounts).toEqual(['secret', 'next']);
    expect(screen.getByText('page next').closest('[data-animate]')).toHaveAttribute(
      'data-animate',
      'true',
    );
  });
});
