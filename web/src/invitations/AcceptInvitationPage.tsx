import { Screen } from '../shell/Screen.tsx';

export function AcceptInvitationPage() {
  return <Screen title="Accept your invitation" />;
}
