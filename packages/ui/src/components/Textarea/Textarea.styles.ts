import styled from 'styled-components';
import { controlStyles } from '../../internal/control.styles';

export const StyledTextarea = styled.textarea`
  ${controlStyles}
  resize: vertical;
`;
