import styled from 'styled-components';

export const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    margin: ${({ theme }) => theme.space[1]} 0 0;
    color: ${({ theme }) => theme.color.text};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

export const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.color.textMuted};
  line-height: ${({ theme }) => theme.lineHeight.normal};
`;
