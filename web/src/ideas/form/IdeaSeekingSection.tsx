import type { IdeaDetail } from '@kindling/contract';
import { useId } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import fieldStyles from '../../forms/Field.module.css';
import { pickable, pickerName } from '../../lookups/pickable.ts';
import { usePersisted } from '../../state/usePersisted.ts';
import styles from '../IdeaForm.module.css';
import { type IdeaFormApi, IdeaFormSection } from './IdeaFormSection.tsx';

interface SectionProps {
  form: IdeaFormApi;
  idea: IdeaDetail | undefined;
}

/** The support the idea seeks, any number of them. */
export function IdeaSeekingSection({ form, idea }: SectionProps) {
  const supports = usePersisted('support_or_partnership');
  const supportIds = useWatch({ control: form.control, name: 'support_ids' }) ?? [];
  const error = useFormState({ control: form.control, name: 'support_ids' }).errors.support_ids
    ?.message;
  return (
    <IdeaFormSection title="What you are looking for">
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>Support sought</legend>
        <p className={fieldStyles.description}>Choose any that apply.</p>
        <div className={styles.choices}>
          {pickable(supports, idea?.support_ids ?? []).map((support) => (
            <label key={support.id} className={styles.choice}>
              <input
                type="checkbox"
                checked={supportIds.includes(support.id)}
                onChange={(event) =>
                  form.setValue(
                    'support_ids',
                    event.target.checked
                      ? [...supportIds, support.id]
                      : supportIds.filter((id) => id !== support.id),
                    { shouldDirty: true },
                  )
                }
              />
              {pickerName(support)}
            </label>
          ))}
        </div>
        {error && <p className={fieldStyles.error}>{error}</p>}
      </fieldset>
    </IdeaFormSection>
  );
}

/** The idea's IP status, one of the tenant's or none. */
export function IpStatusField({ form, idea }: SectionProps) {
  const name = useId();
  const ipStatuses = usePersisted('ip_statuses');
  const ipStatusId = useWatch({ control: form.control, name: 'ip_status_id' }) ?? null;
  const error = useFormState({ control: form.control, name: 'ip_status_id' }).errors.ip_status_id
    ?.message;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={fieldStyles.label}>IP status</legend>
      <div className={styles.radios}>
        {[
          { id: null, name: 'Not specified' },
          ...pickable(ipStatuses, [idea?.ip_status_id ?? null]),
        ].map((status) => (
          <label key={status.id ?? 'none'} className={styles.radio}>
            <input
              type="radio"
              name={name}
              checked={ipStatusId === status.id}
              onChange={() => form.setValue('ip_status_id', status.id, { shouldDirty: true })}
            />
            {pickerName(status)}
          </label>
        ))}
      </div>
      {error && <p className={fieldStyles.error}>{error}</p>}
    </fieldset>
  );
}
