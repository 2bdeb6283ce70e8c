import styled, { keyframes } from 'styled-components';
import { visuallyHidden } from '../../styles/visuallyHidden';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const sizes = { sm: 4, md: 5, lg: 7 } as const;

export const SpinnerRoot = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.primary};
`;

export const SpinnerSvg = styled.svg<{ $size: SpinnerSize }>`
  width: ${({ theme, $size }) => theme.space[sizes[$size]]};
  height: ${({ theme, $size }) => theme.space[sizes[$size]]};
  animation: ${spin} ${({ theme }) => theme.motion.loop} linear infinite;
`;

export const SpinnerLabel = styled.span<{ $visible: boolean }>`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  ${({ $visible }) => !$visible && visuallyHidden}
`;
