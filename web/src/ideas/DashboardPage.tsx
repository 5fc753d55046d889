import { InviteOthersButton } from '../invitations/InviteOthersButton.tsx';
import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { PostIdeaButton } from './PostIdeaButton.tsx';

export function DashboardPage() {
  const { branding } = useTenant();
  return (
    <Screen
      title={branding.navLabels.ideas}
      actions={
        <>
          <InviteOthersButton />
          <PostIdeaButton />
        </>
      }
    />
  );
}
