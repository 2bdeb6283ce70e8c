import styled, { css, keyframes } from 'styled-components';
import { ToastContainer } from 'react-toastify';

export type ToastVariant = 'success' | 'info' | 'warning' | 'destructive';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

/**
 * react-toastify's own stylesheet positions and drags the toast; these rules (more specific)
 * replace its look with the card below and keep its width equal to toastWidthPx().
 */
export const StyledContainer = styled(ToastContainer)`
  &.Toastify__toast-container {
    width: min(
      ${({ theme }) => theme.layout.toastWidth},
      calc(100vw - 2 * ${({ theme }) => theme.space[4]})
    );
    padding: 0;
    z-index: ${({ theme }) => theme.zIndex.toast};
    ${({ theme }) => theme.media.mobile} {
      left: auto;
      right: ${({ theme }) => theme.space[4]};
      bottom: ${({ theme }) => theme.space[4]};
      margin: 0;
    }
  }
  .Toastify__toast {
    width: 100%;
    min-height: 0;
    margin: 0;
    padding: 0;
    border-radius: ${({ theme }) => theme.radius.lg};
    background: transparent;
    box-shadow: none;
    font-family: inherit;
    overflow: visible;
  }
`;

const accents = {
  success: css`
    color: ${({ theme }) => theme.color.success};
  `,
  info: css`
    color: ${({ theme }) => theme.color.info};
  `,
  warning: css`
    color: ${({ theme }) => theme.color.warning};
  `,
  destructive: css`
    color: ${({ theme }) => theme.color.textDanger};
  `,
};

export const Card = styled.div<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  width: 100%;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: ${({ theme }) => theme.space[1]} solid currentColor;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  animation: ${slideIn} ${({ theme }) => `${theme.motion.normal} ${theme.motion.easing}`};
  ${({ $variant }) => accents[$variant]}
`;

export const Icon = styled.span`
  display: inline-flex;
  flex: none;
  padding-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

export const Text = styled.div`
  flex: 1;
  min-width: 0;
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
`;

export const Title = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeight.bold};
`;

export const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Close = styled.button`
  display: inline-flex;
  flex: none;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
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
