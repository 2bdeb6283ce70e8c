import styled from 'styled-components';

export const Body = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;
