import styled from 'styled-components';
import { controlStyles } from '../../internal/control.styles';

export const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

export const ValueInput = styled.input`
  ${controlStyles}
  flex: 1;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
  background: ${({ theme }) => theme.color.surfaceMuted};
`;

export const Warning = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSubtle};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.color.warning};
  }
`;
