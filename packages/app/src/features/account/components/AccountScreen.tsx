import { useState } from 'react';
import type { DeleteAccountBody, User } from '@parlance/contract';
import { Badge, Button, Card } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { Facts, Text } from './AccountScreen.styles';

export interface AccountScreenProps {
  user: User;
  signingOut: boolean;
  onSignOutEverywhere: () => void;
  deleting: boolean;
  onDeleteAccount: (body: DeleteAccountBody) => Promise<Outcome>;
}

/** Who is signed in and how; sign out everywhere; delete the account. */
export function AccountScreen({
  user,
  signingOut,
  onSignOutEverywhere,
  deleting,
  onDeleteAccount,
}: AccountScreenProps) {
  const [deletingOpen, setDeletingOpen] = useState(false);
  return (
    <Stack>
      <PageHeader description="Your sign-in details and sessions." />
      <Card title="Sign-in">
        <Facts>
          <div>
            <dt>E-mail</dt>
            <dd>
              {user.email}
              {user.emailVerified ? (
                <Badge tone="success">Verified</Badge>
              ) : (
                <Badge tone="warning">Not verified</Badge>
              )}
            </dd>
          </div>
          <div>
            <dt>Sign-in methods</dt>
            <dd>
              {user.hasPassword && <Badge tone="neutral">E-mail and password</Badge>}
              {user.googleLinked && <Badge tone="neutral">Google</Badge>}
            </dd>
          </div>
        </Facts>
      </Card>
      <Card title="Sessions">
        <Text>
          Signed in on a shared or lost device? Sign out everywhere, including here. API keys keep
          working.
        </Text>
        <Button variant="secondary" loading={signingOut} onClick={onSignOutEverywhere}>
          Sign out everywhere
        </Button>
      </Card>
      <Card title="Delete account">
        <Text>
          Deleting your account removes your transcripts, audio, API keys and saved cards. Unused
          credit is not refunded. This cannot be undone.
        </Text>
        <Button variant="danger" onClick={() => setDeletingOpen(true)}>
          Delete account
        </Button>
      </Card>
      <DeleteAccountDialog
        open={deletingOpen}
        user={user}
        deleting={deleting}
        onDelete={onDeleteAccount}
        onClose={() => setDeletingOpen(false)}
      />
    </Stack>
  );
}
