import type { ReactNode } from 'react';
import { Description, Header, Title } from './PageHeader.styles';

interface PageHeaderProps {
  /** A heading under the top bar's page title (e.g. the transcript's file name). */
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The top of a dashboard screen (the top bar shows its title): what it is for, and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Header>
      <div>
        {title && <Title>{title}</Title>}
        {description && <Description>{description}</Description>}
      </div>
      {actions}
    </Header>
  );
}
