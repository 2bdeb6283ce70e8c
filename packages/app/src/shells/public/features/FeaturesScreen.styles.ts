import styled from 'styled-components';

export const FeatureGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const FeatureCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2,
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const FeatureIcon = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  margin-bottom: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.primarySubtleText};

  svg {
    width: 20px;
    height: 20px;
  }
`;
