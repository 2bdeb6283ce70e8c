import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xxl};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  color: ${({ theme }) => theme.color.text};
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

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

/** Vertical rhythm between the blocks of a screen. */
export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  min-width: 0;
`;
