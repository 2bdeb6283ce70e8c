import { Avatar, Button, RefreshIcon } from '@parlance/ui';
import { Name, RefreshLabel, User } from './TopBarActions.styles';

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
