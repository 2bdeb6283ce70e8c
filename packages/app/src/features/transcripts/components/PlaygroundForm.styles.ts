import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  align-items: end;
`;

export const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

export const GroupLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
`;
