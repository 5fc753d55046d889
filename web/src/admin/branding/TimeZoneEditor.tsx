import type { TenantSettings } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { problemMessage } from '../../api/apiError.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useFormMutation } from '../../forms/useFormMutation.ts';
import { showToast } from '../../shell/showToast.ts';
import { Loaded } from '../Loaded.tsx';
import styles from './BrandingSection.module.css';
import { fetchSettings, saveSettings, settingsKey } from './brandingApi.ts';
import { SaveBar } from './SaveBar.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/** The names the browser knows, offered as the field is typed in; the server has the last word. */
const zones = ['UTC', ...Intl.supportedValuesOf('timeZone')];

/** The portal's time zone: daily and weekly digests go out at 08:00 there (CONTRACT §9). */
export function TimeZoneEditor() {
  return (
    <Loaded queryKey={settingsKey} fetch={fetchSettings}>
      {(settings) => <TimeZoneForm settings={settings} />}
    </Loaded>
  );
}

function TimeZoneForm({ settings }: { settings: TenantSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<TenantSettings>({ defaultValues: settings });
  const { errors, isDirty } = form.formState;
  const { submit, pending } = useFormMutation(form, {
    send: saveSettings,
    saved: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      form.reset(saved);
      showToast('Time zone saved.', 'success');
    },
    problem: problemMessage,
    toast: true,
  });

  return (
    <form className={styles.termsForm} onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !pending} />
      <fieldset className={styles.panel}>
        <legend className={styles.panelTitle}>Mail schedule</legend>
        <TextField
          label="Time zone"
          registration={form.register('time_zone')}
          error={errors.time_zone?.message}
          list="time-zones"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          description="An IANA name such as Europe/Berlin or America/New_York. Daily digests go out at 08:00 in this time zone, weekly ones on Mondays at 08:00."
        />
        <datalist id="time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </fieldset>
      <SaveBar dirty={isDirty} pending={pending} saveLabel="Save time zone" />
    </form>
  );
}
