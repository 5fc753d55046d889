import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';

export function InviteOthersPage() {
  const { branding } = useTenant();
  return <Screen title={branding.navLabels.inviteOthers} />;
}
