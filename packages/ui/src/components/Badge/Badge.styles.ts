import styled, { css } from 'styled-components';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

const tones = {
  neutral: css`
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.textMuted};
  `,
  primary: css`
    background: ${({ theme }) => theme.color.primarySubtle};
    color: ${({ theme }) => theme.color.primarySubtleText};
  `,
  success: css`
    background: ${({ theme }) => theme.color.successSubtle};
    color: ${({ theme }) => theme.color.success};
  `,
  warning: css`
    background: ${({ theme }) => theme.color.warningSubtle};
    color: ${({ theme }) => theme.color.warning};
  `,
  danger: css`
    background: ${({ theme }) => theme.color.dangerSubtle};
    color: ${({ theme }) => theme.color.textDanger};
  `,
  info: css`
    background: ${({ theme }) => theme.color.infoSubtle};
    color: ${({ theme }) => theme.color.info};
  `,
};

export const BadgeRoot = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  max-width: 100%;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  ${({ $tone }) => tones[$tone]}
`;

export const BadgeDot = styled.span`
  flex: none;
  width: ${({ theme }) => theme.space[2]};
  height: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: currentColor;
`;
