import styled from 'styled-components';

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

export const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
`;

export const Zone = styled.div<{ $dragging: boolean; $invalid: boolean; $disabled: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  border: 2px dashed
    ${({ theme, $dragging, $invalid }) =>
      $dragging
        ? theme.color.primary
        : $invalid
          ? theme.color.textDanger
          : theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $dragging, $disabled }) =>
    $dragging
      ? theme.color.primarySubtle
      : $disabled
        ? theme.color.surfaceMuted
        : theme.color.surface};
  color: ${({ theme, $disabled }) => ($disabled ? theme.color.textMuted : theme.color.text)};
  text-align: center;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  transition: border-color ${({ theme }) => `${theme.motion.fast} ${theme.motion.easing}`};
  &:hover {
    border-color: ${({ theme, $disabled }) => ($disabled ? undefined : theme.color.primary)};
  }
  &:has(button:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;

/** The zone's one focusable part; the focus ring is drawn around the whole zone. */
export const Prompt = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: inherit;
  &:focus-visible {
    outline: none;
  }
`;

export const ZoneIcon = styled.span`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.fontSize.xl};
`;

export const Browse = styled.span`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: underline;
  text-underline-offset: 0.2em;
`;

export const Limits = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Selected = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]} ${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

export const FileText = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
`;

export const FileName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

export const FileSize = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const ErrorMessage = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textDanger};
`;
