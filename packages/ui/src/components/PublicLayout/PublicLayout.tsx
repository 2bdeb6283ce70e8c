import type { ReactNode } from 'react';
import { Footer, type FooterColumn } from '../Footer';
import { Header, type HeaderProps } from '../Header';
import { PageTransition } from '../PageTransition';
import { LayoutRoot, Main, SkipLink } from './PublicLayout.styles';

export interface PublicLayoutProps extends HeaderProps {
  /** The footer's link columns. */
  footerColumns: readonly FooterColumn[];
  /** The route key (e.g. the pathname): when set, pages transition in on change. */
  transitionKey?: string;
  /** Copyright year in the footer; fixed in stories for stable snapshots. */
  footerYear?: number;
  children: ReactNode;
}

const MAIN_ID = 'main-content';

/** The marketing site's shell: header, the page (with its transition) and the footer. */
export function PublicLayout({
  footerColumns,
  transitionKey,
  footerYear,
  children,
  ...headerProps
}: PublicLayoutProps) {
  return (
    <LayoutRoot>
      <SkipLink href={`#${MAIN_ID}`}>Skip to content</SkipLink>
      <Header {...headerProps} />
      <Main id={MAIN_ID} tabIndex={-1}>
        {transitionKey === undefined ? (
          children
        ) : (
          <PageTransition transitionKey={transitionKey}>{children}</PageTransition>
        )}
      </Main>
      <Footer columns={footerColumns} linkComponent={headerProps.linkComponent} year={footerYear} />
    </LayoutRoot>
  );
}
