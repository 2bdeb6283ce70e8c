import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderRoute } from './test/render';

describe('route table', () => {
  test.each(['/guides', '/status', '/about', '/careers', '/privacy', '/terms', '/nowhere/at/all'])(
    '%s has no route: the error view shows the 404',
    async (path) => {
      renderRoute(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
      ).toBeInTheDocument();
      expect(screen.getByText('404 Not Found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeInTheDocument();
    },
  );

  test('an unknown blog slug such as /blog/roadmap is a 404, a real one is a post', async () => {
    const { router } = renderRoute('/blog/roadmap');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    await router.navigate('/blog/how-we-measure-accuracy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How we measure accuracy' }),
    ).toBeInTheDocument();
  });

  test('a thrown error shows the heading and the error message', async () => {
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Speech to text that developers trust' });
    const failing = [
      { path: '/boom', loader: () => Promise.reject(new Error('Chunk failed to load')) },
    ];
    router.patchRoutes('root', failing);
    await router.navigate('/boom');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Chunk failed to load')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
  });

  test.each([
    ['/', 'Speech to text that developers trust'],
    ['/features', 'Everything you need to put speech recognition in production'],
    ['/pricing', 'Pay for the audio you transcribe, nothing else'],
    ['/demo', 'Hear it, then read it'],
    ['/blog', 'Notes from the people building Parlance'],
    ['/contact', 'Talk to the people who build Parlance'],
    ['/docs', 'API documentation'],
    ['/login', 'Sign in to Parlance'],
    ['/register', 'Create your Parlance account'],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password/abc123', 'Choose a new password'],
  ])('%s renders its page inside the public layout', async (path, title) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parlance home' })).toBeInTheDocument();
  });

  test('each page names itself in the browser tab', async () => {
    const { router } = renderRoute('/pricing');
    await waitFor(() => expect(document.title).toBe('Pricing · Parlance'));
    const titles = {
      '/features': 'Features · Parlance',
      '/docs': 'API documentation · Parlance',
      '/login': 'Sign in · Parlance',
      '/blog/how-we-measure-accuracy': 'How we measure accuracy · Parlance',
      '/no-such-page': 'Page not found · Parlance',
      '/': 'Speech to text for developers · Parlance',
    };
    for (const [path, title] of Object.entries(titles)) {
      await router.navigate(path);
      await waitFor(() => expect(document.title).toBe(title));
    }
  });
});
