import styled from 'styled-components';

export type Trend = 'up' | 'down' | 'neutral';

export const StatLabel = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const StatIcon = styled.span`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.primarySubtleText};
`;

export const StatValue = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xxl};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
`;

export const StatChange = styled.p<{ $trend: Trend }>`
  margin: 0;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme, $trend }) =>
    $trend === 'up'
      ? theme.color.success
      : $trend === 'down'
        ? theme.color.textDanger
        : theme.color.textMuted};
`;

export const StatError = styled.p`
  margin: 0;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textDanger};
`;

export const StatBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;
