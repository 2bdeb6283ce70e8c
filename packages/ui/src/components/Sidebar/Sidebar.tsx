import { useId, type ComponentType } from 'react';
import { useDisclosure } from '../../hooks/useDisclosure';
import { CloseIcon, MenuIcon, MicIcon } from '../../icons';
import { Logo, LogoMark } from '../Header/Header.styles';
import type { LinkComponent } from '../Link';
import { Brand, DrawerToggle, Group, Nav, NavItem, SidebarRoot } from './Sidebar.styles';
import { isActivePath } from './isActivePath';

export interface SidebarItem {
  label: string;
  href: string;
  Icon: ComponentType;
}
/** Items shown together; groups are set apart by a divider. */
export type SidebarGroup = readonly SidebarItem[];

export interface SidebarProps {
  /** The links, in groups (the app's dashboard pages). */
  groups: readonly SidebarGroup[];
  /** Where the logo leads. */
  homeHref: string;
  /** The current path: the matching item gets aria-current="page". */
  activePath?: string;
  linkComponent?: LinkComponent;
  className?: string;
}

/** Dashboard navigation. Below the tablet breakpoint it collapses behind a toggle button. */
export function Sidebar({ groups, homeHref, activePath, linkComponent, className }: SidebarProps) {
  const { open, close, toggle, toggleRef } = useDisclosure();
  const navId = useId();
  return (
    <SidebarRoot className={className}>
      <Brand>
        <Logo as={linkComponent} href={homeHref} aria-label="Parlance dashboard">
          <LogoMark aria-hidden="true">
            <MicIcon />
          </LogoMark>
          Parlance
        </Logo>
        <DrawerToggle
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={navId}
          aria-label="Dashboard menu"
          onClick={toggle}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </DrawerToggle>
      </Brand>
      <Nav id={navId} aria-label="Dashboard" $open={open}>
        {groups.map((group, index) => (
          <Group key={index}>
            {group.map(({ label, href, Icon }) => (
              <li key={href}>
                <NavItem
                  as={linkComponent}
                  href={href}
                  aria-current={isActivePath(href, activePath) ? 'page' : undefined}
                  onClick={close}
                >
                  <Icon />
                  {label}
                </NavItem>
              </li>
            ))}
          </Group>
        ))}
      </Nav>
    </SidebarRoot>
  );
}
