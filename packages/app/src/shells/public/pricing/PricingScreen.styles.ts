import styled from 'styled-components';

export const PricingGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const CalculatorFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export const CalculatorResult = styled.p`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.primarySubtleText};

  strong {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    line-height: ${({ theme }) => theme.lineHeight.tight};
    color: ${({ theme }) => theme.color.text};
  }
`;

export const Notes = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[5]};
  margin: ${({ theme }) => `${theme.space[6]} 0 0`};
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[1]};
  }

  strong {
    font-size: ${({ theme }) => theme.fontSize.md};
  }

  span {
    color: ${({ theme }) => theme.color.textMuted};
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const ModelName = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;
