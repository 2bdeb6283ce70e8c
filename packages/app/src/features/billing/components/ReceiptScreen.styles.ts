import styled from 'styled-components';

export const Lines = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.color.text};
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
