import { useId } from 'react';
import { useDisclosure } from '../../hooks/useDisclosure';
import { useScrolledPast } from '../../hooks/useScrolledPast';
import { MenuIcon, MicIcon, CloseIcon } from '../../icons';
import type { LinkComponent } from '../Link';
import {
  ActionButton,
  DesktopActions,
  DesktopNav,
  HeaderInner,
  HeaderRoot,
  Logo,
  LogoMark,
  MenuButton,
  MobileActions,
  MobilePanel,
  NavLink,
  NavList,
} from './Header.styles';
import { HEADER_SOLID_SCROLL_THRESHOLD } from './navigation';

export interface HeaderLink {
  label: string;
  href: string;
}

/** Where the logo and the account buttons lead. */
export interface HeaderHrefs {
  home: string;
  dashboard: string;
  signIn: string;
  signUp: string;
}

export interface HeaderProps {
  /** The site's primary links, in the bar and in the mobile menu. */
  links: readonly HeaderLink[];
  hrefs: HeaderHrefs;
  /** Signed-in visitors see Dashboard and Log Out instead of Sign In and Get Started Free. */
  signedIn?: boolean;
  onLogout?: () => void;
  /** The current path, to mark the matching link with aria-current="page". */
  currentPath?: string;
  /** Renders links (e.g. a router link); a plain `<a>` by default. */
  linkComponent?: LinkComponent;
}

export function Header({
  links: items,
  hrefs,
  signedIn = false,
  onLogout,
  currentPath,
  linkComponent,
}: HeaderProps) {
  const scrolled = useScrolledPast(HEADER_SOLID_SCROLL_THRESHOLD);
  const {
    open: menuOpen,
    close: closeMenu,
    toggle: toggleMenu,
    toggleRef: menuToggleRef,
  } = useDisclosure();
  const panelId = useId();
  const solid = scrolled || menuOpen;

  const links = (stacked: boolean) => (
    <NavList $stacked={stacked}>
      {items.map((link) => (
        <li key={link.href}>
          <NavLink
            as={linkComponent}
            href={link.href}
            aria-current={currentPath === link.href ? 'page' : undefined}
            onClick={closeMenu}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </NavList>
  );

  const button = (
    href: string,
    label: string,
    variant: 'primary' | 'ghost',
    fullWidth: boolean,
  ) => (
    <ActionButton
      as={linkComponent ?? 'a'}
      href={href}
      $variant={variant}
      $size="md"
      $fullWidth={fullWidth}
      onClick={closeMenu}
    >
      {label}
    </ActionButton>
  );

  const actions = (fullWidth: boolean) =>
    signedIn ? (
      <>
        {button(hrefs.dashboard, 'Dashboard', 'primary', fullWidth)}
        <ActionButton
          type="button"
          $variant="ghost"
          $size="md"
          $fullWidth={fullWidth}
          onClick={() => {
            closeMenu();
            onLogout?.();
          }}
        >
          Log Out
        </ActionButton>
      </>
    ) : (
      <>
        {button(hrefs.signIn, 'Sign In', 'ghost', fullWidth)}
        {button(hrefs.signUp, 'Get Started Free', 'primary', fullWidth)}
      </>
    );

  return (
    <HeaderRoot $solid={solid} data-solid={solid ? 'true' : 'false'}>
      <HeaderInner>
        <Logo as={linkComponent} href={hrefs.home} aria-label="Parlance home">
          <LogoMark aria-hidden="true">
            <MicIcon />
          </LogoMark>
          Parlance
        </Logo>
        <DesktopNav aria-label="Main">{links(false)}</DesktopNav>
        <DesktopActions>{actions(false)}</DesktopActions>
        <MenuButton
          ref={menuToggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          aria-label="Menu"
          onClick={toggleMenu}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </MenuButton>
      </HeaderInner>
      <MobilePanel id={panelId} hidden={!menuOpen}>
        <nav aria-label="Mobile">{links(true)}</nav>
        <MobileActions>{actions(true)}</MobileActions>
      </MobilePanel>
    </HeaderRoot>
  );
}
