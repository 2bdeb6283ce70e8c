import { Avatar, Button, Link, RefreshIcon, UserIcon } from '@parlance/ui';
import { paths } from '../../../paths';
import { RouterLink } from '../../../shared/RouterLink';
import { Name, PhoneHiddenLabel, SettingsLink, User } from './TopBarActions.styles';

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
      <PhoneHiddenLabel>Refresh all</PhoneHiddenLabel>
    </Button>
  );
}

/** Who is signed in, their Settings (default model, password) and Log Out. */
export function UserMenu({ name, onLogout }: { name: string; onLogout: () => void }) {
  return (
    <User>
      <Avatar name={name} size="sm" />
      <Name>{name}</Name>
      <Link variant="muted" href={paths.dashboard.settings.getHref()} linkComponent={RouterLink}>
        <SettingsLink>
          <UserIcon aria-hidden="true" />
          <PhoneHiddenLabel>Settings</PhoneHiddenLabel>
        </SettingsLink>
      </Link>
      <Button variant="ghost" size="sm" onClick={onLogout}>
        Log Out
      </Button>
    </User>
  );
}
