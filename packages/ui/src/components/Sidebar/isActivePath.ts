/** A link is active on its own path and on any path below it. */
export function isActivePath(href: string, activePath: string | undefined): boolean {
  return activePath !== undefined && (activePath === href || activePath.startsWith(`${href}/`));
}
