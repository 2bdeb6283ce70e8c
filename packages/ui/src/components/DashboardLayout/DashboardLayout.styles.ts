import styled from 'styled-components';

export const Shell = styled.div`
  display: grid;
  grid-template-columns: ${({ theme }) => theme.layout.sidebarWidth} minmax(0, 1fr);
  min-height: 100vh;
  background: ${({ theme }) => theme.color.background};
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    /* The navigation bar keeps its height; the page takes the rest. Without this a short page
       (one still loading) shares the screen's height with the bar, and the page jumps up when it
       grows. */
    grid-template-rows: auto 1fr;
  }
`;

export const SidebarSlot = styled.aside`
  position: sticky;
  top: 0;
  height: 100vh;
  ${({ theme }) => theme.media.mobile} {
    position: static;
    height: auto;
  }
`;

export const Content = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

export const TopBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-height: ${({ theme }) => theme.layout.headerHeight};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  }
`;

export const Title = styled.h1`
  flex: 1;
  min-width: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;
`;

export const TopBarActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  padding: ${({ theme }) => theme.space[6]};
  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => theme.space[4]};
  }
`;
