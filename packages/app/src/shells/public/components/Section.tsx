import type { ReactNode } from 'react';
import { Eyebrow, Heading, Lede, Title } from './Section.styles';

export interface SectionHeadingProps {
  eyebrow?: string;
  title: ReactNode;
  lede?: ReactNode;
  center?: boolean;
  /** h1 for the first heading of a page, h2 otherwise. */
  as?: 'h1' | 'h2';
  id?: string;
}

export function SectionHeading({
  eyebrow,
  title,
  lede,
  center = false,
  as = 'h2',
  id,
}: SectionHeadingProps) {
  return (
    <Heading $center={center}>
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <Title as={as} id={id}>
        {title}
      </Title>
      {lede && <Lede>{lede}</Lede>}
    </Heading>
  );
}
