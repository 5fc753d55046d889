import { Screen } from '../shell/Screen.tsx';

export function IdeaEditPage() {
  return <Screen title="Edit idea" />;
}
