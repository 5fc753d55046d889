import { ClockIcon } from '../forms/formIcons.tsx';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';

/** SPEC §4: an account not yet approved is told so, and no session starts. */
export function PendingApproval({ message, onBack }: { message: string; onBack(): void }) {
  return (
    <CardPage
      title="Account Pending Approval"
      badge={<ClockIcon width={24} height={24} />}
      lead={<p role="alert">{message}</p>}
    >
      <button type="button" className={buttons.secondary} onClick={onBack}>
        Back to Sign In
      </button>
    </CardPage>
  );
}
