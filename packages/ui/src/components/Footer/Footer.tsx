import { MicIcon } from '../../icons';
import type { LinkComponent } from '../Link';
import { LogoMark } from '../Header/Header.styles';
import {
  BottomBar,
  Brand,
  BrandName,
  ColumnTitle,
  FooterInner,
  FooterLink,
  FooterRoot,
  LinkList,
  Tagline,
} from './Footer.styles';
import { FOOTER_TAGLINE } from './tagline';

/** A titled list of links (its own `nav` landmark, named by the title). */
export interface FooterColumn {
  title: string;
  links: readonly { label: string; href: string }[];
}

export interface FooterProps {
  columns: readonly FooterColumn[];
  linkComponent?: LinkComponent;
  /** The copyright year; pass a fixed one for stable snapshots. */
  year?: number;
}

export function Footer({ columns, linkComponent, year = new Date().getFullYear() }: FooterProps) {
  return (
    <FooterRoot>
      <FooterInner>
        <Brand>
          <BrandName>
            <LogoMark aria-hidden="true">
              <MicIcon />
            </LogoMark>
            Parlance
          </BrandName>
          <Tagline>{FOOTER_TAGLINE}</Tagline>
        </Brand>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <ColumnTitle>{column.title}</ColumnTitle>
            <LinkList>
              {column.links.map((link) => (
                <li key={link.href}>
                  <FooterLink as={linkComponent} href={link.href}>
                    {link.label}
                  </FooterLink>
                </li>
              ))}
            </LinkList>
          </nav>
        ))}
      </FooterInner>
      <BottomBar>© {year} Parlance. All rights reserved.</BottomBar>
    </FooterRoot>
  );
}
