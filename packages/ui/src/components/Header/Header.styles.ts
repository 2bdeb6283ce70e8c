import styled, { css } from 'styled-components';
import { StyledButton } from '../Button/Button.styles';

export const HeaderRoot = styled.header<{ $solid: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  border-bottom: 1px solid transparent;
  background: transparent;
  transition:
    background ${({ theme }) => `${theme.motion.normal} ${theme.motion.easing}`},
    box-shadow ${({ theme }) => `${theme.motion.normal} ${theme.motion.easing}`};
  ${({ $solid, theme }) =>
    $solid &&
    css`
      background: ${theme.color.surface};
      border-bottom-color: ${theme.color.border};
      box-shadow: ${theme.shadow.sm};
    `}
`;

export const HeaderInner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[6]};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  height: ${({ theme }) => theme.layout.headerHeight};
  margin: 0 auto;
  padding: ${({ theme }) => `0 ${theme.space[5]}`};
  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => `0 ${theme.space[4]}`};
  }
`;

export const Logo = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 4px;
  }
`;

export const LogoMark = styled.span`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.textOnPrimary};
`;

const desktopOnly = css`
  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

export const DesktopNav = styled.nav`
  flex: 1;
  ${desktopOnly}
`;

export const NavList = styled.ul<{ $stacked?: boolean }>`
  display: flex;
  flex-direction: ${({ $stacked }) => ($stacked ? 'column' : 'row')};
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const NavLink = styled.a`
  display: block;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;

export const DesktopActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-left: auto;
  ${desktopOnly}
`;

export const MenuButton = styled.button`
  display: none;
  margin-left: auto;
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.fontSize.lg};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  ${({ theme }) => theme.media.mobile} {
    display: inline-flex;
  }
`;

export const MobilePanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]} ${theme.space[5]}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  &[hidden] {
    display: none;
  }
  ${({ theme }) => theme.media.tablet} {
    display: none;
  }
`;

export const MobileActions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

/** Button-styled header actions; as links they lose the default underline. */
export const ActionButton = styled(StyledButton)`
  text-decoration: none;
  white-space: nowrap;
`;
