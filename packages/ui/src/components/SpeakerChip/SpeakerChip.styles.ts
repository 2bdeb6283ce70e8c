import styled from 'styled-components';
import { speakerColor } from './speakerColor';

export const ChipRoot = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

export const Swatch = styled.span<{ $label: string }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.space[5]};
  height: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $label }) => speakerColor(theme, $label)};
  color: ${({ theme }) => theme.color.textOnPrimary};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
`;

export const ChipName = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;
