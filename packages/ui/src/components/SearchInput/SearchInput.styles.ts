import styled from 'styled-components';
import { inlineButtonStyles } from '../../internal/control.styles';
import { TextField } from '../TextField';

export const SearchField = styled(TextField)`
  input::-webkit-search-cancel-button {
    appearance: none;
  }
`;

export const ClearButton = styled.button`
  ${inlineButtonStyles}
  margin-right: ${({ theme }) => theme.space[1]};
`;
