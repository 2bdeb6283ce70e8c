import styled from 'styled-components';

export const StateRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[5]}`};
  text-align: center;
`;

export const StateIcon = styled.span<{ $tone: 'neutral' | 'danger' }>`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.fontSize.xl};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.color.dangerSubtle : theme.color.surfaceMuted)};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.color.textDanger : theme.color.textMuted)};
`;

export const StateTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  color: ${({ theme }) => theme.color.text};
`;

export const StateDescription = styled.p`
  margin: 0;
  max-width: 48ch;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const StateAction = styled.div`
  margin-top: ${({ theme }) => theme.space[2]};
`;
