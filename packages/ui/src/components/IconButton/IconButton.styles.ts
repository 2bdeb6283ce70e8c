import styled from 'styled-components';
import { StyledButton } from '../Button/Button.styles';

const iconSize = { sm: 'md', md: 'lg', lg: 'xl' } as const;

/** A square Button: same variants and focus ring, padding equal on every side. */
export const StyledIconButton = styled(StyledButton)`
  padding: ${({ theme, $size }) => theme.space[$size === 'lg' ? 3 : 2]};
  font-size: ${({ theme, $size }) => theme.fontSize[iconSize[$size]]};
  line-height: 1;
`;

export const IconSlot = styled.span`
  display: inline-flex;
`;
