import type { TermsAdminAnswer, TermsAnswer } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, get, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { problemMessage } from '../../api/apiError.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useFormMutation } from '../../forms/useFormMutation.ts';
import buttons from '../../shell/buttons.module.css';
import { showToast } from '../../shell/showToast.ts';
import { Loaded } from '../Loaded.tsx';
import { ConfirmDialog } from '../members/ConfirmDialog.tsx';
import styles from './BrandingSection.module.css';
import { fetchTerms, saveTerms, termsKey } from './brandingApi.ts';
import { SaveBar } from './SaveBar.tsx';
import { TextAreaField } from './TextFields.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/** The terms and conditions members accept: the tenant's own, or the default ones. */
export function TermsEditor() {
  return (
    <Loaded queryKey={termsKey} fetch={fetchTerms}>
      {(answer) => <TermsForm answer={answer} />}
    </Loaded>
  );
}

function TermsForm({ answer }: { answer: TermsAdminAnswer }) {
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(false);
  const form = useForm<TermsAnswer>({ defaultValues: answer.terms });
  const { register, control, formState } = form;
  const { errors, isDirty } = formState;
  const sections = useFieldArray({ control, name: 'sections' });
  const error = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

  // A detail names its field by path (`sections.0.items.1.boldText`), as the form does.
  const save = useFormMutation(form, {
    send: (terms: TermsAnswer | null) => saveTerms(terms),
    saved: (saved, terms) => {
      queryClient.setQueryData(termsKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['terms'] });
      form.reset(saved.terms);
      showToast(terms ? 'Terms and conditions saved.' : 'The default terms are back.', 'success');
    },
    problem: problemMessage,
    toast: true,
  });

  return (
    <form className={styles.termsForm} onSubmit={save.submit} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !save.pending} />
      <p className={styles.termsState}>
        {answer.is_default
          ? 'Members see the default terms. Saving here makes them this portal’s own.'
          : 'Members see this portal’s own terms.'}
      </p>
      <fieldset className={styles.panel}>
        <legend className={styles.panelTitle}>Heading</legend>
        <TextField
          label="Title"
          registration={register('title')}
          error={error('title')}
          maxLength={200}
        />
        <TextField
          label="Last updated"
          registration={register('lastUpdated')}
          error={error('lastUpdated')}
          maxLength={60}
          description="Shown as written, e.g. November 1, 2026."
        />
        <TextAreaField
          label="Introduction"
          registration={register('introduction')}
          error={error('introduction')}
          maxLength={5000}
          rows={4}
        />
      </fieldset>
      {sections.fields.map((section, index) => (
        <fieldset key={section.id} className={styles.panel}>
          <legend className={styles.panelTitle}>Section {index + 1}</legend>
          <TextField
            label="Section title"
            registration={register(`sections.${index}.title`)}
            error={error(`sections.${index}.title`)}
            maxLength={200}
          />
          <TextAreaField
            label="Section text"
            registration={register(`sections.${index}.content`)}
            error={error(`sections.${index}.content`)}
            maxLength={5000}
          />
          <SectionItems index={index} control={control} register={register} error={error} />
          <div className={styles.rowActions}>
            <button
              type="button"
              className={buttons.ghost}
              disabled={index === 0}
              onClick={() => sections.move(index, index - 1)}
            >
              Move up
            </button>
            <button
              type="button"
              className={`${buttons.ghost} ${styles.dangerText}`}
              onClick={() => sections.remove(index)}
            >
              Remove section {index + 1}
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={`${buttons.secondary} ${styles.addButton}`}
        onClick={() => sections.append({ title: '', content: '', items: [] })}
      >
        Add a section
      </button>
      <fieldset className={styles.panel}>
        <legend className={styles.panelTitle}>Closing</legend>
        <TextAreaField
          label="Conclusion"
          registration={register('conclusion')}
          error={error('conclusion')}
          maxLength={5000}
        />
      </fieldset>
      <SaveBar dirty={isDirty} pending={save.pending} saveLabel="Save terms">
        {!answer.is_default && (
          <button
            type="button"
            className={buttons.secondary}
            disabled={save.pending}
            onClick={() => setRestoring(true)}
          >
            Restore default terms
          </button>
        )}
      </SaveBar>
      {restoring && (
        <ConfirmDialog
          title="Restore the default terms?"
          message="This portal’s own terms are replaced by the default ones for every member."
          confirmLabel="Restore default terms"
          onConfirm={async () => {
            await save.run(null);
          }}
          onClose={() => setRestoring(false)}
        />
      )}
    </form>
  );
}

interface SectionItemsProps {
  index: number;
  control: Control<TermsAnswer>;
  register: UseFormRegister<TermsAnswer>;
  error(path: string): string | undefined;
}

/** A section's points: a bold lead-in and its text each. */
function SectionItems({ index, control, register, error }: SectionItemsProps) {
  const items = useFieldArray({ control, name: `sections.${index}.items` });
  return (
    <div className={styles.items}>
      {items.fields.map((item, at) => (
        <div key={item.id} className={styles.item}>
          <TextField
            label={`Point ${at + 1} heading`}
            registration={register(`sections.${index}.items.${at}.boldText`)}
            error={error(`sections.${index}.items.${at}.boldText`)}
            maxLength={200}
          />
          <TextAreaField
            label={`Point ${at + 1} text`}
            registration={register(`sections.${index}.items.${at}.description`)}
            error={error(`sections.${index}.items.${at}.description`)}
            maxLength={2000}
            rows={2}
          />
          <button
            type="button"
            className={`${buttons.ghost} ${styles.dangerText}`}
            onClick={() => items.remove(at)}
          >
            Remove point {at + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className={buttons.ghost}
        onClick={() => items.append({ boldText: '', description: '' })}
      >
        Add a point
      </button>
    </div>
  );
}
