import styled from 'styled-components';

export const DocsLayout = styled.div`
  display: grid;
  grid-template-columns: 200px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[7]};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[5]} ${theme.space[8]}`};

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[5]};
    padding: ${({ theme }) => `${theme.space[5]} ${theme.space[4]} ${theme.space[7]}`};
  }
`;

export const Toc = styled.nav`
  position: sticky;
  top: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space[5]});
  align-self: start;

  ol {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    color: ${({ theme }) => theme.color.textMuted};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }

  a:hover {
    color: ${({ theme }) => theme.color.text};
  }

  ${({ theme }) => theme.media.mobile} {
    position: static;

    ol {
      flex-direction: row;
      flex-wrap: wrap;
      gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    }
  }
`;

export const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[7]};
  min-width: 0;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    line-height: ${({ theme }) => theme.lineHeight.tight};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xl};
    scroll-margin-top: calc(
      ${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space[4]}
    );
  }

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }

  p code,
  li code,
  td code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: 0.9em;
    color: ${({ theme }) => theme.color.text};
  }

  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;

export const DocSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Lifecycle = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Endpoints = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  & > li {
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  }

  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }

  summary {
    display: grid;
    grid-template-columns: 72px minmax(0, 1fr);
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    cursor: pointer;
    list-style: none;
  }

  summary::-webkit-details-marker {
    display: none;
  }

  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.fontSize.sm};
    overflow-wrap: anywhere;
  }

  summary > span {
    grid-column: 2;
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.textMuted};
  }

  details > p,
  details > dl {
    margin: ${({ theme }) => `${theme.space[3]} 0 0`};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

/** An operation's parameters and body fields: name and where it goes, then type and meaning. */
export const Fields = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};

  dt small {
    margin-left: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0 0 0 ${({ theme }) => theme.space[4]};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const Method = styled.strong`
  align-self: start;
  justify-self: start;
  padding: ${({ theme }) => `0 ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.primarySubtleText};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.8;
`;
