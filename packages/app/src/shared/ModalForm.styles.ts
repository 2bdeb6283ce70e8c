import styled from 'styled-components';

/** A form inside a Modal: its fields stacked, then its Actions. */
export const Body = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

/** A modal form's buttons, at the end of its last row. */
export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;
