import styled from 'styled-components';

/** The label over Stripe's card field (which lives in Stripe's own frame). */
export const CardLabel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
`;

export const CardField = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  font-weight: ${({ theme }) => theme.fontWeight.regular};
`;
