import { notificationKindLabels, type UnsubscribeAnswer } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { problemMessage } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { CardPage } from '../shell/CardPage.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { mailSettingsKey, postUnsubscribe } from './mailSettingsApi.ts';
import styles from './notifications.module.css';
import { kindsOfToken } from './unsubscribeToken.ts';

const listOf = (labels: string[]) =>
  labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/**
 * The unsubscribe link of a notification mail (CONTRACT §9), open to anyone holding it. It asks
 * first and unsubscribes only on the button: a mail scanner that opens every link changes nothing.
 */
export function UnsubscribePage() {
  const tenant = useTenant();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const kinds = kindsOfToken(token);
  const about = kinds.map((kind) => notificationKindLabels[kind].toLowerCase());
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<UnsubscribeAnswer | null>(null);
  const settings = keepTenantParam(paths.notificationSettings, window.location.search);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setPending(true);
    try {
      setDone(await postUnsubscribe(token, tenant.id));
      void queryClient.invalidateQueries({ queryKey: mailSettingsKey });
    } catch (error) {
      setProblem(problemMessage(error));
    } finally {
      setPending(false);
    }
  };

  const footer = (
    <p>
      Choose which e-mails you get in your <Link to={settings}>notification settings</Link>.
    </p>
  );

  if (done) {
    const stopped = listOf(done.kinds.map((kind) => notificationKindLabels[kind].toLowerCase()));
    return (
      <CardPage title="You are unsubscribed" footer={footer}>
        <div className={styles.unsubscribe} role="status">
          <p>
            {done.message} Mail for {stopped} is now off.
          </p>
        </div>
      </CardPage>
    );
  }

  return (
    <CardPage
      title="Unsubscribe from these e-mails?"
      lead={
        <p>
          {about.length > 0
            ? `You will no longer get e-mails from ${tenant.branding.productName} about ${listOf(about)}.`
            : `You will no longer get the notification e-mails this link came with from ${tenant.branding.productName}.`}{' '}
          You can turn them on again at any time.
        </p>
      }
      footer={footer}
    >
      <form className={styles.unsubscribe} onSubmit={submit} noValidate>
        {!token && (
          <FormAlert
            message={[
              'This unsubscribe link has no token. Open it from the e-mail as it was sent.',
            ]}
          />
        )}
        {problem && <FormAlert message={[problem]} />}
        <SubmitButton pending={pending} pendingLabel="Unsubscribing…" wide>
          Unsubscribe
        </SubmitButton>
      </form>
    </CardPage>
  );
}
