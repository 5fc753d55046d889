import { type IdeaDetail, ideaMessages, limits } from '@kindling/contract';
import { useId } from 'react';
import { useFormState } from 'react-hook-form';
import { EntryList } from '../../forms/EntryList.tsx';
import fieldStyles from '../../forms/Field.module.css';
import { useTenant } from '../../tenant/TenantContext.ts';
import styles from '../IdeaForm.module.css';
import { shownMessage } from '../ideaFormRules.ts';
import { type IdeaFormApi, IdeaFormSection } from './IdeaFormSection.tsx';
import { IpStatusField } from './IdeaSeekingSection.tsx';

/** The idea's IP status and its patent numbers, up to four. */
export function IdeaIpSection({ form, idea }: { form: IdeaFormApi; idea: IdeaDetail | undefined }) {
  const { branding } = useTenant();
  const id = useId();
  const { errors } = useFormState({ control: form.control });
  return (
    <IdeaFormSection title="Intellectual property">
      <IpStatusField form={form} idea={idea} />
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>Patent numbers</legend>
        <p className={fieldStyles.description}>
          Up to {limits.maxPatents}, such as US 10,123,456 B2 or EP1234567A1.
        </p>
        <EntryList
          control={form.control}
          name="patents"
          noun="patent number"
          blank={{ number: '' }}
          max={limits.maxPatents}
          limitMessage={ideaMessages.maxPatents}
          addLabel="Add patent number"
          reorder={false}
          layout="row"
        >
          {(index) => {
            const error = shownMessage(
              errors.patents?.[index]?.number?.message,
              branding.patentNumberError,
            );
            const errorId = `${id}-patent-${index}-error`;
            return (
              <>
                <input
                  type="text"
                  className={fieldStyles.input}
                  aria-label={`Patent number ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  {...form.register(`patents.${index}.number`)}
                />
                {error && (
                  <p id={errorId} className={fieldStyles.error}>
                    {error}
                  </p>
                )}
              </>
            );
          }}
        </EntryList>
      </fieldset>
    </IdeaFormSection>
  );
}
