import styled, { css } from 'styled-components';

export const SidebarRoot = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  ${({ theme }) => theme.media.mobile} {
    height: auto;
    border-right: 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;

export const Brand = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: ${({ theme }) => theme.layout.headerHeight};
  padding: ${({ theme }) => `0 ${theme.space[4]}`};
`;

export const DrawerToggle = styled.button`
  display: none;
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

export const Nav = styled.nav<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]} ${theme.space[4]}`};
  ${({ theme, $open }) => css`
    ${theme.media.mobile} {
      display: ${$open ? 'flex' : 'none'};
      border-top: 1px solid ${theme.color.border};
    }
  `}
`;

/**
 * The divider is drawn by every group but the first, not by `& + &`: styled-components writes that
 * selector with the component's static class, the same for both themes, so after a theme switch the
 * divider kept the colour of whichever theme rendered last.
 */
export const Group = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
  &:not(:first-child) {
    padding-top: ${({ theme }) => theme.space[4]};
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

export const NavItem = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.text};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.primarySubtle};
    color: ${({ theme }) => theme.color.primarySubtleText};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  svg {
    font-size: ${({ theme }) => theme.fontSize.lg};
    flex: none;
  }
`;
