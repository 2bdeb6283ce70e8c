/**
 * Parameters of every story that renders a whole route: the route brings its own data router, and
 * its layout fills the viewport (min-height: 100vh), so it gets the unpadded canvas.
 */
export const routeStoryParameters = { layout: 'fullscreen', router: { disable: true } } as const;
