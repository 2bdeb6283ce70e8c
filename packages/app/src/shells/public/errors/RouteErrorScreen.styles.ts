import styled from 'styled-components';

export const ErrorRoot = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[5]}`};
  text-align: center;
`;

export const ErrorCode = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.display};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  color: ${({ theme }) => theme.color.primary};
  font-family: ${({ theme }) => theme.font.mono};
`;

export const ErrorTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xxl};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

export const ErrorDetail = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export const ErrorHelp = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};

  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;

export const ErrorLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;
