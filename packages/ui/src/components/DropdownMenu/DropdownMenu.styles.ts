import styled from 'styled-components';

export type MenuAlign = 'start' | 'end';

export const Root = styled.div`
  position: relative;
  display: inline-flex;
`;

export const Menu = styled.div<{ $align: MenuAlign }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  display: flex;
  flex-direction: column;
  min-width: ${({ theme }) => theme.layout.menuMinWidth};
  padding: ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

export const Item = styled.button<{ $danger: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.color.textDanger : theme.color.text)};
  font-family: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: left;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled),
  &:focus {
    background: ${({ theme }) => theme.color.surfaceMuted};
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: -2px;
  }
  &:disabled {
    color: ${({ theme }) => theme.color.textMuted};
    cursor: not-allowed;
  }
`;
