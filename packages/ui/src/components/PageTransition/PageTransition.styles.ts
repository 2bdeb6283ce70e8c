import styled, { css, keyframes } from 'styled-components';

export type TransitionVariant = 'fade' | 'slide';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(0.5rem); }
  to { opacity: 1; transform: none; }
`;

export const TransitionRoot = styled.div<{ $variant: TransitionVariant; $animate: boolean }>`
  ${({ $animate, $variant, theme }) =>
    $animate &&
    css`
      animation: ${$variant === 'fade' ? fadeIn : slideIn} ${theme.motion.slow}
        ${theme.motion.easing} both;
      @media (prefers-reduced-motion: reduce) {
        animation: none;
      }
    `}
`;
