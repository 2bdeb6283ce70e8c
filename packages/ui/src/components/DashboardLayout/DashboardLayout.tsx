import type { ReactNode } from 'react';
import type { LinkComponent } from '../Link';
import { Sidebar, type SidebarProps } from '../Sidebar';
import {
  Content,
  Main,
  Shell,
  SidebarSlot,
  Title,
  TopBar,
  TopBarActions,
} from './DashboardLayout.styles';

export interface DashboardLayoutProps {
  /** The sidebar's links, in groups, and where its logo leads. */
  navigation: Pick<SidebarProps, 'groups' | 'homeHref'>;
  /** The page's heading, shown in the top bar. */
  title: ReactNode;
  /** The current path, for the sidebar's active item. */
  activePath?: string;
  linkComponent?: LinkComponent;
  /** Page actions in the top bar, e.g. a refresh button. */
  actions?: ReactNode;
  /** The user menu at the end of the top bar. */
  userMenu?: ReactNode;
  children: ReactNode;
}

/** The signed-in shell: sidebar navigation, a top bar with the page title and actions, the page. */
export function DashboardLayout({
  navigation,
  title,
  activePath,
  linkComponent,
  actions,
  userMenu,
  children,
}: DashboardLayoutProps) {
  return (
    <Shell>
      <SidebarSlot>
        <Sidebar {...navigation} activePath={activePath} linkComponent={linkComponent} />
      </SidebarSlot>
      <Content>
        <TopBar>
          <Title>{title}</Title>
          {(actions || userMenu) && (
            <TopBarActions>
              {actions}
              {userMenu}
            </TopBarActions>
          )}
        </TopBar>
        <Main>{children}</Main>
      </Content>
    </Shell>
  );
}
