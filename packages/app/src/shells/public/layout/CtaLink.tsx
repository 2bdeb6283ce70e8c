import styled, { css } from 'styled-components';
import { Link } from '../../../shared/RouterLink';

/**
 * A call-to-action link that looks like a button (the design system's Button renders a <button>
 * only). App-local until @parlance/ui has a link-styled button.
 */
export const CtaLink = styled(Link)<{ $variant?: 'primary' | 'secondary'; $size?: 'md' | 'lg' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  text-decoration: none;
  padding: ${({ theme, $size }) => ($size === 'lg' ? `${theme.space[3]} ${theme.space[5]}` : `${theme.space[2]} ${theme.space[4]}`)};
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.fontSize.lg : theme.fontSize.md)};
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.color.primary};
          color: ${theme.color.textOnPrimary};
          &:hover {
            background: ${theme.color.primaryHover};
          }
        `
      : css`
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border-color: ${theme.color.borderStrong};
          &:hover {
            background: ${theme.color.surfaceMuted};
          }
        `}
`;
