import styled from 'styled-components';

export const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 60vh;
`;
