import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { PostIdeaButton } from './PostIdeaButton.tsx';

export function MyIdeasPage() {
  const { branding } = useTenant();
  return <Screen title={branding.navLabels.myIdeas} actions={<PostIdeaButton />} />;
}
