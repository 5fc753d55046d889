import type { TermsAdminAnswer, TermsAnswer } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, get, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { isApiError, problemMessage } from '../../api/apiError.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import { TextField } from '../../forms/TextField.tsx';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import { showToast } from '../../shell/showToast.ts';
import list from '../MemberList.module.css';
import { ConfirmDialog } from '../members/ConfirmDialog.tsx';
import styles from './BrandingSection.module.css';
import { fetchTerms, saveTerms, termsKey } from './brandingApi.ts';
import { TextAreaField } from './TextFields.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/** The terms and conditions members accept: the tenant's own, or the default ones. */
export function TermsEditor() {
  const query = useQuery({ queryKey: termsKey, queryFn: ({ signal }) => fetchTerms(signal) });
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) {
    return (
      <div className={list.loading}>
        <Spinner />
      </div>
    );
  }
  return <TermsForm answer={query.data} />;
}

function TermsForm({ answer }: { answer: TermsAdminAnswer }) {
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(false);
  const form = useForm<TermsAnswer>({ defaultValues: answer.terms });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const sections = useFieldArray({ control, name: 'sections' });
  const error = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

  const apply = (saved: TermsAdminAnswer, message: string) => {
    queryClient.setQueryData(termsKey, saved);
    void queryClient.invalidateQueries({ queryKey: ['terms'] });
    reset(saved.terms);
    showToast(message, 'success');
  };
  const fail = (failure: unknown) => {
    if (isApiError(failure)) {
      // A detail names its field by path (`sections.0.items.1.boldText`), as the form does.
      for (const detail of failure.details) {
        setError(detail.field as never, { message: detail.error });
      }
    }
    showToast(problemMessage(failure), 'error');
  };

  const save = handleSubmit(async (values) => {
    try {
      apply(await saveTerms(values), 'Terms and conditions saved.');
    } catch (failure) {
      fail(failure);
    }
  });

  return (
    <form className={styles.termsForm} onSubmit={save} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
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
      <div className={styles.saveBar}>
        <p className={styles.saveState} aria-live="polite">
          {isDirty ? 'Unsaved changes' : 'All changes saved'}
        </p>
        {!answer.is_default && (
          <button
            type="button"
            className={buttons.secondary}
            disabled={isSubmitting}
            onClick={() => setRestoring(true)}
          >
            Restore default terms
          </button>
        )}
        <button type="submit" className={buttons.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save terms'}
        </button>
      </div>
      {restoring && (
        <ConfirmDialog
          title="Restore the default terms?"
          message="This portal’s own terms are replaced by the default ones for every member."
          confirmLabel="Restore default terms"
          onConfirm={async () => {
            try {
              apply(await saveTerms(null), 'The default terms are back.');
            } catch (failure) {
              fail(failure);
              throw failure;
            }
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
