import styled from 'styled-components';

export const More = styled.div`
  margin-top: ${({ theme }) => theme.space[4]};
`;
