import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';

export function AdminPage() {
  const { branding } = useTenant();
  return <Screen title={branding.navLabels.administration} />;
}
