import { type IdeaDetail, limits } from '@kindling/contract';
import { useId, useRef } from 'react';
import fieldStyles from '../../forms/Field.module.css';
import buttons from '../../shell/buttons.module.css';
import { TrashIcon } from '../../shell/screenIcons.tsx';
import { useTenant } from '../../tenant/TenantContext.ts';
import styles from '../IdeaForm.module.css';
import { shownMessage } from '../ideaFormRules.ts';
import { AddRow } from './AddRow.tsx';
import { type IdeaFormApi, IdeaFormSection } from './IdeaFormSection.tsx';
import { IpStatusField } from './IdeaSeekingSection.tsx';

/** The idea's IP status and its patent numbers, up to four. */
export function IdeaIpSection({ form, idea }: { form: IdeaFormApi; idea: IdeaDetail | undefined }) {
  const { branding } = useTenant();
  const id = useId();
  const { errors, isSubmitted } = form.formState;
  const patents = (form.watch('patents') ?? []).map((patent) => patent ?? '');
  // Patent numbers are plain strings in the contract, which react-hook-form's field arrays (rows
  // of objects) do not hold; each row keeps a key of its own so removing one keeps the others'.
  const keys = useRef(patents.map((_, index) => index));
  const nextKey = useRef(patents.length);
  const setPatents = (next: string[]) =>
    form.setValue('patents', next, { shouldDirty: true, shouldValidate: isSubmitted });
  const add = () => {
    keys.current = [...keys.current, nextKey.current++];
    setPatents([...patents, '']);
  };
  const remove = (index: number) => {
    keys.current = keys.current.filter((_, i) => i !== index);
    setPatents(patents.filter((_, i) => i !== index));
  };
  return (
    <IdeaFormSection title="Intellectual property">
      <IpStatusField form={form} idea={idea} />
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>Patent numbers</legend>
        <p className={fieldStyles.description}>
          Up to {limits.maxPatents}, such as US 10,123,456 B2 or EP1234567A1.
        </p>
        {patents.map((value, index) => {
          const error = shownMessage(errors.patents?.[index]?.message, branding.patentNumberError);
          const errorId = `${id}-patent-${keys.current[index]}-error`;
          return (
            <div key={keys.current[index]} className={styles.row}>
              <div className={styles.rowFields}>
                <input
                  type="text"
                  className={fieldStyles.input}
                  aria-label={`Patent number ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  {...form.register(`patents.${index}`)}
                  value={value}
                />
                {error && (
                  <p id={errorId} className={fieldStyles.error}>
                    {error}
                  </p>
                )}
              </div>
              <button
                type="button"
                className={buttons.iconOnly}
                aria-label={`Remove patent number ${index + 1}`}
                onClick={() => remove(index)}
              >
                <TrashIcon width={18} height={18} />
              </button>
            </div>
          );
        })}
        <AddRow kind="patents" count={patents.length} label="Add patent number" onAdd={add} />
      </fieldset>
    </IdeaFormSection>
  );
}
