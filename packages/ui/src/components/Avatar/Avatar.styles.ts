import styled from 'styled-components';

export type AvatarSize = 'sm' | 'md' | 'lg';

const sizes = { sm: 6, md: 7, lg: 8 } as const;
const fontSizes = { sm: 'xs', md: 'sm', lg: 'lg' } as const;

export const AvatarRoot = styled.span<{ $size: AvatarSize }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme, $size }) => theme.space[sizes[$size]]};
  height: ${({ theme, $size }) => theme.space[sizes[$size]]};
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.primarySubtleText};
  font-size: ${({ theme, $size }) => theme.fontSize[fontSizes[$size]]};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  user-select: none;
`;

export const AvatarImage = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
