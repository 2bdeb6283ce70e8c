import styled from 'styled-components';

export const PostList = styled.ol`
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

export const PostCard = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.color.primary};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
    line-height: ${({ theme }) => theme.lineHeight.tight};
  }

  h2 a {
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
  }

  /* The whole card is the link's click target. */
  h2 a::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const PostDate = styled.time`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Article = styled.article`
  max-width: 720px;
  margin: 0 auto;
`;

export const ArticleHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  padding-bottom: ${({ theme }) => theme.space[5]};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    line-height: ${({ theme }) => theme.lineHeight.tight};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }

  a {
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

export const Prose = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSize.lg};
  line-height: 1.7;

  h2,
  h3,
  h4 {
    margin: ${({ theme }) => `${theme.space[4]} 0 0`};
    line-height: ${({ theme }) => theme.lineHeight.tight};
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }

  p,
  ul,
  ol,
  blockquote {
    margin: 0;
  }

  ul,
  ol {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[2]};
    padding-left: ${({ theme }) => theme.space[5]};
  }

  blockquote {
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
    border-left: 4px solid ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.surfaceMuted};
    border-radius: ${({ theme }) => theme.radius.sm};
  }

  a {
    color: ${({ theme }) => theme.color.primary};
  }

  :not(pre) > code {
    padding: 0.1em 0.35em;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surfaceMuted};
    font-family: ${({ theme }) => theme.font.mono};
    font-size: 0.9em;
  }

  pre {
    font-size: ${({ theme }) => theme.fontSize.sm};
    line-height: ${({ theme }) => theme.lineHeight.normal};
  }
`;
