import styled, { css } from 'styled-components';
import { visuallyHidden } from '../../styles/visuallyHidden';

export type Align = 'start' | 'center' | 'end';

/**
 * Below this width of its container a table shows each row as a list of "label: value" lines, and
 * its header as a row of sort buttons (none when no column sorts): a phone never scrolls sideways.
 */
const STACK_BELOW = '30rem';
const stacked = (rules: ReturnType<typeof css>) => css`
  @container parlance-table (max-width: ${STACK_BELOW}) {
    ${rules}
  }
`;

export const TableScroll = styled.div`
  container: parlance-table / inline-size;
  position: relative;
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
  ${({ theme }) =>
    stacked(css`
      &,
      & > thead,
      & > tbody,
      & > tbody > tr {
        display: block;
      }
      & > thead > tr {
        display: flex;
        flex-wrap: wrap;
        gap: ${theme.space[1]} ${theme.space[4]};
        padding: ${theme.space[2]} ${theme.space[4]};
        background: ${theme.color.surfaceMuted};
        border-bottom: 1px solid ${theme.color.border};
      }
      /* Off screen, not display: none: screen readers still pair each cell with its header. */
      & > thead > tr:not(:has([aria-sort])) {
        ${visuallyHidden}
      }
      & > thead > tr > th {
        display: block;
        padding: 0;
        border: 0;
      }
      & > thead > tr > th:not([aria-sort]) {
        ${visuallyHidden}
      }
      & > tbody > tr {
        padding: ${theme.space[2]} 0;
      }
      & > tbody > tr > td {
        display: grid;
        grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
        gap: ${theme.space[3]};
        align-items: center;
        justify-items: start;
        padding: ${theme.space[1]} ${theme.space[4]};
        text-align: start;
        border: 0;
        overflow-wrap: anywhere;
      }
      /* Seen, not read: the cell's column header already names it to screen readers. */
      & > tbody > tr > td[data-label]::before {
        content: attr(data-label) / '';
        color: ${theme.color.textMuted};
        font-size: ${theme.fontSize.xs};
        font-weight: ${theme.fontWeight.medium};
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
      & > tbody > tr > td:not([data-label]) {
        display: block;
        text-align: center;
      }
    `)}
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

export const Row = styled.tr<{ $clickable: boolean }>`
  &:not(:last-child) > td {
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  ${({ theme }) =>
    stacked(css`
      &:not(:last-child) {
        border-bottom: 1px solid ${theme.color.border};
      }
      &:not(:last-child) > td {
        border-bottom: 0;
      }
    `)}
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
