import styled from 'styled-components';
import { Avatar, Button, RefreshIcon } from '@parlance/ui';

const User = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

/** On phones the label is read, not shown: the icon button leaves room for the page title. */
const RefreshLabel = styled.span`
  ${({ theme }) => theme.media.mobile} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** Refreshes stats, billing, transactions, spending and payment methods together. */
export function RefreshAllButton({
  refreshing,
  onClick,
}: {
  refreshing: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<RefreshIcon />}
      loading={refreshing}
      onClick={onClick}
    >
      <RefreshLabel>Refresh all</RefreshLabel>
    </Button>
  );
}

/** Who is signed in, and Log Out. */
export function UserMenu({ name, onLogout }: { name: string; onLogout: () => void }) {
  return (
    <User>
      <Avatar name={name} size="sm" />
      <Name>{name}</Name>
      <Button variant="ghost" size="sm" onClick={onLogout}>
        Log Out
      </Button>
    </User>
  );
}
