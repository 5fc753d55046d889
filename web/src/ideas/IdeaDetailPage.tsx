import { Screen } from '../shell/Screen.tsx';

export function IdeaDetailPage() {
  return <Screen title="Idea" />;
}
