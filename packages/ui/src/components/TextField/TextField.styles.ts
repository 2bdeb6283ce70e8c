import styled from 'styled-components';
import { controlStyles } from '../../internal/control.styles';

export const ControlRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

export const StyledInput = styled.input<{ $hasStart: boolean; $hasEnd: boolean }>`
  ${controlStyles}
  padding-left: ${({ theme, $hasStart }) => ($hasStart ? theme.space[7] : undefined)};
  padding-right: ${({ theme, $hasEnd }) => ($hasEnd ? theme.space[7] : undefined)};
`;

const Adornment = styled.span`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const StartAdornment = styled(Adornment)`
  left: ${({ theme }) => theme.space[3]};
  pointer-events: none;
`;

export const EndAdornment = styled(Adornment)`
  right: ${({ theme }) => theme.space[1]};
`;
