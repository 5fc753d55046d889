import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';

export function RequestInvitePage() {
  const { branding } = useTenant();
  return <Screen title={branding.home.callToAction} />;
}
