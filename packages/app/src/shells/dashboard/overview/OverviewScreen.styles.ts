import styled from 'styled-components';

export const StatGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;
