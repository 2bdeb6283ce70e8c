import styled from 'styled-components';

export const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  background: ${({ theme }) => theme.color.background};
`;
