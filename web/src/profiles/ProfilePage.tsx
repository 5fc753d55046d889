import { Screen } from '../shell/Screen.tsx';

export function ProfilePage() {
  return <Screen title="Profile" />;
}
