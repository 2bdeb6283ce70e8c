import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.5; }
`;

export type SkeletonShape = 'text' | 'rect' | 'circle';

export const SkeletonBlock = styled.span<{
  $shape: SkeletonShape;
  $width: string;
  $height: string;
}>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  max-width: 100%;
  background: ${({ theme }) => theme.color.surfaceMuted};
  border-radius: ${({ theme, $shape }) => ($shape === 'circle' ? theme.radius.pill : theme.radius.sm)};
  animation: ${pulse} ${({ theme }) => `${theme.motion.loop} ${theme.motion.easing}`} infinite;
`;
