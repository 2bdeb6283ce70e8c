export { DropdownMenu } from './DropdownMenu';
export type { DropdownMenuProps, MenuItem } from './DropdownMenu';
