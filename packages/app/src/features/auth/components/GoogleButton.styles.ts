import styled from 'styled-components';

export const GoogleLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }

  svg {
    width: 18px;
    height: 18px;
    flex: none;
  }
`;
