export { Sidebar } from './Sidebar';
export type { SidebarProps } from './Sidebar';
export { isActivePath, sidebarGroups } from './sidebarItems';
