import {
  type MailFrequency,
  mailFrequencies,
  type NotificationKind,
  type NotificationSettings,
  notificationKindLabels,
  notificationKinds,
} from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { problemMessage } from '../api/apiError.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import { Screen } from '../shell/Screen.tsx';
import { mailChoiceLabels } from './mailChoices.ts';
import { fetchMailSettings, mailSettingsKey, putMailSettings } from './mailSettingsApi.ts';
import styles from './notifications.module.css';

type Values = NotificationSettings['email'];

/** Administrators alone review invitation requests, so only they are offered that kind's mail. */
const kindsFor = (admin: boolean): NotificationKind[] =>
  notificationKinds.filter((kind) => admin || kind !== 'member_pending');

/**
 * CONTRACT §9 settings, under the profile menu: for each kind of notification, mail off, at once,
 * or gathered into a daily or weekly digest. Radio groups in fieldsets, which every assistive
 * technology reads as one question with its answers.
 */
export function NotificationSettingsPage() {
  const settings = useQuery({
    queryKey: mailSettingsKey,
    queryFn: ({ signal }) => fetchMailSettings({ signal }),
  });
  return (
    <Screen
      title="Notification settings"
      lead="Choose which notifications also reach you by e-mail, and how often."
    >
      {settings.isPending ? (
        <p className={styles.muted}>Loading your settings…</p>
      ) : settings.isError ? (
        <LoadProblem error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm saved={settings.data.email} />
      )}
    </Screen>
  );
}

function SettingsForm({ saved }: { saved: Values }) {
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const kinds = kindsFor(can('admin'));
  const [done, setDone] = useState(false);
  const form = useForm<Values>({ defaultValues: saved });
  const { isDirty } = form.formState;

  // A change after a save makes the success message stale.
  useEffect(() => {
    if (isDirty) setDone(false);
  }, [isDirty]);

  const { submit, problem, pending } = useFormMutation(form, {
    send: (values: Values) => {
      setDone(false);
      const changes = Object.fromEntries(kinds.map((kind) => [kind, values[kind]]));
      return putMailSettings({ email: changes });
    },
    saved: (answer) => {
      queryClient.setQueryData(mailSettingsKey, answer);
      form.reset(answer.email);
      setDone(true);
    },
    problem: problemMessage,
    // The choices are radios that cannot be wrong; a refusal is the message above them.
    fieldOf: () => null,
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      {done && (
        <FormAlert tone="success" message={['Your notification settings have been saved.']} />
      )}
      {kinds.map((kind) => (
        <fieldset key={kind} className={styles.kind}>
          <legend className={styles.legend}>{notificationKindLabels[kind]}</legend>
          <div className={styles.choices}>
            {mailFrequencies.map((frequency: MailFrequency) => (
              <label key={frequency} className={styles.choice}>
                <input type="radio" value={frequency} {...form.register(kind)} />
                <span>{mailChoiceLabels[frequency]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}
