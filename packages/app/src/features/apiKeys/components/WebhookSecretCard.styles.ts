import styled from 'styled-components';
import { CopyField } from '@parlance/ui';

export const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 640px;
  justify-items: start;
`;

export const Code = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.95em;
`;

export const Field = styled(CopyField)`
  justify-self: stretch;
`;
