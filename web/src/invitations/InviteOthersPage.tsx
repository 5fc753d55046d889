import { useState } from 'react';
import { useAuth } from '../auth/AuthContext.ts';
import type { Message } from '../forms/message.ts';
import { CardPage } from '../shell/CardPage.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { InvitationForm } from './InvitationForm.tsx';
import { inviteUser } from './invitationsApi.ts';

/** SPEC §2 invite others (needs invite_user): each invitation mails its claim link at once. */
export function InviteOthersPage() {
  const tenant = useTenant();
  const { user, can } = useAuth();
  const [sent, setSent] = useState<Message | null>(null);
  const product = tenant.branding.productName;

  return (
    <CardPage
      width="wide"
      title={tenant.branding.navLabels.inviteOthers}
      lead={
        <p>
          Invite a colleague to join {product}. They receive an email at once with a link to set up
          their profile
          {can('admin') ? '.' : ', which they can use once an administrator has approved it.'}
        </p>
      }
    >
      <InvitationForm
        who="a"
        submitLabel="Send Invitation"
        sentMessage={sent}
        send={async (values) => {
          setSent(null);
          await inviteUser(user?.userId ?? 0, values);
          setSent([
            `Invitation sent to ${values.first_name} ${values.last_name} (${values.email}).`,
          ]);
        }}
      />
    </CardPage>
  );
}
