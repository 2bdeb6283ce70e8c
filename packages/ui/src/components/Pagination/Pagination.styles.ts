import styled from 'styled-components';
import { visuallyHidden } from '../../styles/visuallyHidden';

export const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const PageList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const PageButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]};
  min-width: ${({ theme }) => theme.space[6]};
  height: ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => `0 ${theme.space[2]}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  &:disabled {
    color: ${({ theme }) => theme.color.textMuted};
    cursor: not-allowed;
    opacity: 0.6;
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.textOnPrimary};
    font-weight: ${({ theme }) => theme.fontWeight.bold};
  }
`;

export const Gap = styled.li`
  padding: ${({ theme }) => `0 ${theme.space[1]}`};
`;

export const NavLabel = styled.span`
  ${({ theme }) => theme.media.mobile} {
    ${visuallyHidden}
  }
`;
