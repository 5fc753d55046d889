import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from '../shell/buttons.module.css';
import { MailIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';

/** 'Invite Others', shown only to members who may invite (SPEC §6). */
export function InviteOthersButton() {
  const { can } = useAuth();
  const { branding } = useTenant();
  if (!can('invite_user')) return null;
  return (
    <Link className={buttons.secondary} to={paths.inviteOthers}>
      <MailIcon width={18} height={18} />
      {branding.navLabels.inviteOthers}
    </Link>
  );
}
