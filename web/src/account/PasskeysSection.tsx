import { type PasskeyItem, type PasskeyRemoveBody, passkeyMessages } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sessionQueryKey } from '../auth/session.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { formatRelativeTime } from '../format/dates.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextField } from '../forms/TextField.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { Spinner } from '../shell/Spinner.tsx';
import { showToast } from '../shell/showToast.ts';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { accountProblem } from './accountProblem.ts';
import { deviceName } from './device.ts';
import { PasswordConfirmation } from './PasswordConfirmation.tsx';
import {
  addPasskey,
  fetchPasskeys,
  passkeysKey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './passkeysApi.ts';

/** The browser's side loads when a member adds a passkey: most visits to the screen never do. */
const ceremony = () => import('../auth/passkeyCeremony.ts');

const addedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The server's rules for a name, checked here first without loading zod. */
const nameRules = {
  validate: (value: string) =>
    value.trim() === ''
      ? passkeyMessages.name
      : value.trim().length > 60
        ? passkeyMessages.nameLength
        : true,
};

/**
 * Passkeys (issue 20, decision 0045): the member names one and lets the browser make it (a
 * fingerprint, face or screen lock), sees when each was added and last used, renames one, or
 * removes it with their password. A passkey signs in alone and answers the second step.
 */
export function PasskeysSection() {
  const query = useQuery({ queryKey: passkeysKey, queryFn: ({ signal }) => fetchPasskeys(signal) });
  const [supported] = useState(() => typeof window.PublicKeyCredential === 'function');
  const list = query.data?.passkeys;

  return (
    <AccountSection
      title="Passkeys"
      lead="Sign in with your fingerprint, face or screen lock instead of your password. Once you have a passkey, a sign-in with your password asks for it too."
    >
      {query.isError ? (
        <LoadProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : !list ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : (
        <>
          {list.length === 0 ? (
            <p className={styles.muted}>You have no passkey yet.</p>
          ) : (
            <ul className={styles.devices} aria-label="Your passkeys">
              {list.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
          {supported ? (
            <AddPasskey />
          ) : (
            <p className={styles.muted}>{passkeyMessages.unsupported}</p>
          )}
        </>
      )}
    </AccountSection>
  );
}

function AddPasskey() {
  const queryClient = useQueryClient();
  const form = useForm<{ name: string }>({
    defaultValues: { name: deviceName(navigator.userAgent) },
  });
  const { errors } = form.formState;
  const { submit, problem, pending } = useFormMutation(form, {
    send: async ({ name }: { name: string }) => {
      const { makePasskey } = await ceremony();
      const response = await makePasskey(await registrationOptions());
      return addPasskey(name.trim(), response);
    },
    saved: () => {
      showToast(passkeyMessages.added, 'success');
      form.reset({ name: '' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        // An administrator held to set up a second factor is free once they have one.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
    problem: accountProblem,
    focus: true,
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      <TextField
        label="Passkey name"
        description="To tell your passkeys apart, such as the device it is on."
        maxLength={60}
        required
        registration={form.register('name', nameRules)}
        error={errors.name?.message}
      />
      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="Adding…">
          Add a passkey
        </SubmitButton>
      </div>
    </form>
  );
}

type Editing = 'rename' | 'remove' | null;

function PasskeyRow({ passkey }: { passkey: PasskeyItem }) {
  const [editing, setEditing] = useState<Editing>(null);
  const used = passkey.last_used_at ? formatRelativeTime(passkey.last_used_at) : 'never';
  return (
    <li className={styles.device}>
      <div className={styles.deviceText}>
        <p className={styles.deviceName}>
          {passkey.name}
          {passkey.backed_up && <span className={styles.badge}>Synced</span>}
        </p>
        <p className={styles.deviceTimes}>
          Added {addedOn.format(new Date(passkey.created_at))} · last used {used}
        </p>
      </div>
      {editing === null ? (
        <div className={styles.rowActions}>
          <button
            type="button"
            className={buttons.secondary}
            aria-label={`Rename ${passkey.name}`}
            onClick={() => setEditing('rename')}
          >
            Rename
          </button>
          <button
            type="button"
            className={buttons.secondary}
            aria-label={`Remove ${passkey.name}`}
            onClick={() => setEditing('remove')}
          >
            Remove
          </button>
        </div>
      ) : editing === 'rename' ? (
        <RenameForm passkey={passkey} onDone={() => setEditing(null)} />
      ) : (
        <RemoveForm passkey={passkey} onDone={() => setEditing(null)} />
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeyItem; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ name: string }>({ defaultValues: { name: passkey.name } });
  const { errors } = form.formState;
  const { submit, problem, pending } = useFormMutation(form, {
    send: ({ name }: { name: string }) => renamePasskey(passkey.id, name.trim()),
    saved: async () => {
      showToast(passkeyMessages.renamed, 'success');
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
      onDone();
    },
    problem: accountProblem,
    focus: true,
  });
  return (
    <form className={styles.rowForm} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      <TextField
        label={`New name for ${passkey.name}`}
        maxLength={60}
        required
        autoFocus
        registration={form.register('name', nameRules)}
        error={errors.name?.message}
      />
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={onDone}>
          Cancel
        </button>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save name
        </SubmitButton>
      </div>
    </form>
  );
}

function RemoveForm({ passkey, onDone }: { passkey: PasskeyItem; onDone(): void }) {
  const queryClient = useQueryClient();
  return (
    <PasswordConfirmation
      label={`Your password, to remove ${passkey.name}`}
      missing={passkeyMessages.password}
      instead="You sign in through your institution: to remove it, sign in again there first, then remove it within 5 minutes."
      send={(body: PasskeyRemoveBody) => removePasskey(passkey.id, body)}
      saved={(answer) => {
        showToast(answer.message, 'success');
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: passkeysKey }),
          queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        ]);
      }}
      submitLabel="Remove passkey"
      pendingLabel="Removing…"
      className={styles.rowForm}
      onCancel={onDone}
    />
  );
}
