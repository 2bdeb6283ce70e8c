import { css } from 'styled-components';

/** The look shared by text inputs, selects and textareas. Invalid state follows aria-invalid. */
export const controlStyles = css`
  width: 100%;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-family: inherit;
  font-size: ${({ theme }) => theme.fontSize.md};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  transition: border-color ${({ theme }) => `${theme.motion.fast} ${theme.motion.easing}`};
  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.color.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 0;
    border-color: ${({ theme }) => theme.color.focusRing};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.textDanger};
  }
  &:disabled {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.textMuted};
    cursor: not-allowed;
  }
`;

/** A small square button placed inside a control (show password, clear search, copy). */
export const inlineButtonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.lg};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 0;
  }
`;
