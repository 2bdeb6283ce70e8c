import styled from 'styled-components';

export const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0 0 ${({ theme }) => theme.space[5]};
`;

export const Total = styled.div`
  dt {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    font-size: ${({ theme }) => theme.fontSize.xl};
    font-weight: ${({ theme }) => theme.fontWeight.bold};
    color: ${({ theme }) => theme.color.text};
  }
`;
