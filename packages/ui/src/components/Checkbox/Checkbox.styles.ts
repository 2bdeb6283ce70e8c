import styled from 'styled-components';

export const CheckboxRoot = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space[2]};
  row-gap: ${({ theme }) => theme.space[1]};
  align-items: start;
`;

export const BoxWrap = styled.span`
  position: relative;
  display: inline-flex;
  margin-top: ${({ theme }) => theme.space[1]};
`;

export const Box = styled.input`
  appearance: none;
  margin: 0;
  width: ${({ theme }) => theme.space[4]};
  height: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  &:checked {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.textDanger};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  &:not(:checked) + span {
    visibility: hidden;
  }
`;

export const Mark = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.color.textOnPrimary};
  font-size: ${({ theme }) => theme.fontSize.xs};
  pointer-events: none;
`;

export const CheckboxLabel = styled.label<{ $disabled: boolean }>`
  color: ${({ theme, $disabled }) => ($disabled ? theme.color.textMuted : theme.color.text)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
`;

export const Below = styled.p<{ $tone: 'muted' | 'danger' }>`
  grid-column: 2;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.color.textDanger : theme.color.textMuted)};
`;
