import styled from 'styled-components';

export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  align-items: start;
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;
