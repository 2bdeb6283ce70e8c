import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { CardDescription, CardHeader, CardRoot, CardTitle, type CardPadding } from './Card.styles';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading of the card; the card is labelled by it. */
  title?: ReactNode;
  description?: ReactNode;
  /** Controls shown at the end of the header (buttons, a range picker). */
  actions?: ReactNode;
  padding?: CardPadding;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
}

export function Card({
  title,
  description,
  actions,
  padding = 'md',
  headingLevel = 2,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <CardRoot
      $padding={padding}
      aria-labelledby={title !== undefined ? titleId : undefined}
      {...rest}
    >
      {hasHeader && (
        <CardHeader>
          <div>
            {title !== undefined && (
              <CardTitle as={`h${headingLevel}`} id={titleId}>
                {title}
              </CardTitle>
            )}
            {description !== undefined && <CardDescription>{description}</CardDescription>}
          </div>
          {actions}
        </CardHeader>
      )}
      {children}
    </CardRoot>
  );
}
