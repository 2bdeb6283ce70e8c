import styled from 'styled-components';

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    color: ${({ theme }) => theme.color.text};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;
