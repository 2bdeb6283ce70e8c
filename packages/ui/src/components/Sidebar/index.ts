export { Sidebar } from './Sidebar';
export type { SidebarGroup, SidebarItem, SidebarProps } from './Sidebar';
export { isActivePath } from './isActivePath';
