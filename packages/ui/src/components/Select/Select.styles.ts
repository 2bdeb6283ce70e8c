import styled from 'styled-components';
import { controlStyles } from '../../internal/control.styles';

/**
 * The wrapper paints the control's box: Chromium anti-aliases a native select's own rounded
 * corners differently from run to run, which breaks pixel-exact snapshots.
 */
export const SelectRow = styled.div`
  ${controlStyles}
  position: relative;
  display: flex;
  align-items: center;
  padding: 0;
  &:has(select:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    border-color: ${({ theme }) => theme.color.focusRing};
  }
  &:has(select[aria-invalid='true']) {
    border-color: ${({ theme }) => theme.color.textDanger};
  }
  &:has(select:disabled) {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;

export const StyledSelect = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: ${({ theme }) => theme.space[7]};
  border: 0;
  border-radius: 0;
  background: transparent;
  cursor: pointer;
  &:focus-visible {
    outline: none;
  }
  &:disabled {
    background: transparent;
  }
`;

export const Chevron = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space[3]};
  display: inline-flex;
  color: ${({ theme }) => theme.color.textMuted};
  pointer-events: none;
`;
