import styled, { css } from 'styled-components';
import { visuallyHidden } from '../../styles/visuallyHidden';

export type Align = 'start' | 'center' | 'end';

export const TableScroll = styled.div`
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;

export const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.text};
`;

export const Caption = styled.caption<{ $hidden: boolean }>`
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[4]} 0`};
  text-align: start;
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  ${({ $hidden }) => $hidden && visuallyHidden}
`;

const cell = css<{ $align: Align }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  text-align: ${({ $align }) => $align};
  vertical-align: middle;
`;

export const HeaderCell = styled.th<{ $align: Align }>`
  ${cell}
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  white-space: nowrap;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

export const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  letter-spacing: inherit;
  text-transform: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radius.sm};
  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;

export const Row = styled.tr<{ $clickable: boolean }>`
  &:not(:last-child) > td {
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  ${({ $clickable, theme }) =>
    $clickable &&
    css`
      cursor: pointer;
      &:hover {
        background: ${theme.color.surfaceMuted};
      }
      &:focus-visible {
        outline: 2px solid ${theme.color.focusRing};
        outline-offset: -2px;
      }
    `}
`;

export const DataCell = styled.td<{ $align: Align }>`
  ${cell}
`;

export const MessageCell = styled.td`
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const ErrorMessage = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textDanger};
`;
