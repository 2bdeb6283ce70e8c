import styled from 'styled-components';
import { inlineButtonStyles } from '../../internal/control.styles';

export const ToggleButton = styled.button`
  ${inlineButtonStyles}
  margin-right: ${({ theme }) => theme.space[1]};
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;
