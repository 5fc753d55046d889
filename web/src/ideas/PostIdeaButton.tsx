import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from '../shell/buttons.module.css';
import { PlusIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';

/** 'Post Your Idea', shown only to members who may create ideas (SPEC §6). */
export function PostIdeaButton() {
  const { can } = useAuth();
  const { branding } = useTenant();
  if (!can('create_idea')) return null;
  return (
    <Link className={buttons.primary} to={paths.ideaCreation}>
      <PlusIcon width={18} height={18} />
      {branding.navLabels.postIdea}
    </Link>
  );
}
