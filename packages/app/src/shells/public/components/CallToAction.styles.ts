import styled from 'styled-components';

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: inherit;
  gap: ${({ theme }) => theme.space[3]};
`;

export const Band = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[7]};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.primarySubtle};
  text-align: center;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    line-height: ${({ theme }) => theme.lineHeight.tight};
  }

  p {
    margin: 0;
    max-width: 560px;
  }

  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => theme.space[5]};
  }
`;
