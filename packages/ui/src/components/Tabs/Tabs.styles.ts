import styled from 'styled-components';

export const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-x: auto;
`;

export const Tab = styled.button`
  margin-bottom: -1px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  border-bottom: 2px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-family: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.color.text};
  }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.primary};
    border-bottom-color: ${({ theme }) => theme.color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: -2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space[4]};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;
