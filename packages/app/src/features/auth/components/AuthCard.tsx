import type { ReactNode } from 'react';
import { AuthFooter, AuthHeading, AuthPage, AuthPanel } from './AuthCard.styles';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Links under the form (e.g. "No account? Create one"). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every sign-in screen: a centred panel with a heading, the form, then links. */
export function AuthCard({ title, subtitle, footer, children }: AuthCardProps) {
  return (
    <AuthPage>
      <AuthPanel>
        <AuthHeading>
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </AuthHeading>
        {children}
        {footer && <AuthFooter>{footer}</AuthFooter>}
      </AuthPanel>
    </AuthPage>
  );
}
