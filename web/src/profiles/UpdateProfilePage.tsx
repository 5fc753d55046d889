import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';

export function UpdateProfilePage() {
  const { branding } = useTenant();
  return <Screen title={branding.profileScreen.title} />;
}
