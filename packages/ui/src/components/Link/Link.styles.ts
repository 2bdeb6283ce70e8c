import styled, { css } from 'styled-components';

export type LinkVariant = 'inline' | 'standalone' | 'muted';

const variants = {
  inline: css`
    color: ${({ theme }) => theme.color.primary};
    text-decoration: underline;
    &:hover {
      color: ${({ theme }) => theme.color.primaryHover};
    }
  `,
  standalone: css`
    color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    text-decoration: none;
    &:hover {
      text-decoration: underline;
      color: ${({ theme }) => theme.color.primaryHover};
    }
  `,
  muted: css`
    color: ${({ theme }) => theme.color.textMuted};
    text-decoration: none;
    &:hover {
      color: ${({ theme }) => theme.color.text};
      text-decoration: underline;
    }
  `,
};

export const StyledLink = styled.a<{ $variant: LinkVariant }>`
  border-radius: ${({ theme }) => theme.radius.sm};
  text-underline-offset: 0.2em;
  cursor: pointer;
  ${({ $variant }) => variants[$variant]}
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;
