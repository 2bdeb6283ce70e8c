import styled from 'styled-components';

export const Prefix = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const RowActions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[1]};
`;
