import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';
import dialogStyles from '../shell/LogoutDialog.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import { CheckCircleIcon } from '../shell/screenIcons.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { InvitationForm } from './InvitationForm.tsx';
import { requestInvitation } from './invitationsApi.ts';
import styles from './RequestInvitePage.module.css';

/** SPEC §2 request invitation: on 201 a success dialog leads back home. */
export function RequestInvitePage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const [received, setReceived] = useState<string | null>(null);
  const goHome = () => navigate(keepTenantParam(paths.home, window.location.search));

  return (
    <CardPage
      width="wide"
      title={tenant.branding.home.callToAction}
      lead={
        <p>
          {tenant.branding.productName} is invitation-only. Tell us who you are: an administrator
          reviews every request, and once it is approved you will receive an email to set up your
          account.
        </p>
      }
      footer={
        <p>
          {tenant.branding.home.signInPrompt}{' '}
          <Link to={paths.signIn}>{tenant.branding.home.signInLink}</Link>
        </p>
      }
    >
      <InvitationForm
        who="your"
        submitLabel="Request Invitation"
        send={async (values) => {
          const answer = await requestInvitation(tenant.id, values);
          setReceived(answer.message);
        }}
      />
      {received !== null && (
        <ModalDialog className={dialogStyles.modal} onClose={goHome}>
          <div className={dialogStyles.dialog}>
            <div className={dialogStyles.text}>
              <span className={styles.mark}>
                <CheckCircleIcon width={28} height={28} />
              </span>
              <DialogTitle className={dialogStyles.title}>Request received</DialogTitle>
              <p className={dialogStyles.message}>{received}</p>
              <p className={dialogStyles.message}>
                We will email you as soon as an administrator has reviewed it.
              </p>
            </div>
            <div className={dialogStyles.actions}>
              <button type="button" className={buttons.primary} onClick={goHome}>
                Back to Home
              </button>
            </div>
          </div>
        </ModalDialog>
      )}
    </CardPage>
  );
}
