import type { TenantSettings } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { isApiError, problemMessage } from '../../api/apiError.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import { TextField } from '../../forms/TextField.tsx';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import { showToast } from '../../shell/showToast.ts';
import list from '../MemberList.module.css';
import styles from './BrandingSection.module.css';
import { fetchSettings, saveSettings, settingsKey } from './brandingApi.ts';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/** The names the browser knows, offered as the field is typed in; the server has the last word. */
const zones = ['UTC', ...Intl.supportedValuesOf('timeZone')];

/** The portal's time zone: daily and weekly digests go out at 08:00 there (CONTRACT §9). */
export function TimeZoneEditor() {
  const query = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => fetchSettings(signal) });
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) {
    return (
      <div className={list.loading}>
        <Spinner />
      </div>
    );
  }
  return <TimeZoneForm settings={query.data} />;
}

function TimeZoneForm({ settings }: { settings: TenantSettings }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError, reset } = useForm<TenantSettings>({
    defaultValues: settings,
  });
  const { errors, isDirty, isSubmitting } = formState;

  const save = handleSubmit(async (values) => {
    try {
      const saved = await saveSettings(values);
      queryClient.setQueryData(settingsKey, saved);
      reset(saved);
      showToast('Time zone saved.', 'success');
    } catch (failure) {
      if (isApiError(failure)) {
        for (const detail of failure.details) {
          setError(detail.field as keyof TenantSettings, { message: detail.error });
        }
      }
      showToast(problemMessage(failure), 'error');
    }
  });

  return (
    <form className={styles.termsForm} onSubmit={save} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
      <fieldset className={styles.panel}>
        <legend className={styles.panelTitle}>Mail schedule</legend>
        <TextField
          label="Time zone"
          registration={register('time_zone')}
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
      <div className={styles.saveBar}>
        <p className={styles.saveState} aria-live="polite">
          {isDirty ? 'Unsaved changes' : 'All changes saved'}
        </p>
        <button type="submit" className={buttons.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save time zone'}
        </button>
      </div>
    </form>
  );
}
