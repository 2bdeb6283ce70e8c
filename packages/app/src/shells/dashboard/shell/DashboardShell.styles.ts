import styled from 'styled-components';
import { Alert } from '@parlance/ui';

export const TestModeNotice = styled(Alert)`
  margin-bottom: ${({ theme }) => theme.space[4]};
`;
