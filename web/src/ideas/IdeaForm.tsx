import { type IdeaDetail, type IdeaInput, type IdeaValues, limits } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { isApiError } from '../api/apiError.ts';
import fieldStyles from '../forms/Field.module.css';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { pickable, pickerName } from '../lookups/pickable.ts';
import buttons from '../shell/buttons.module.css';
import { PlusIcon } from '../shell/screenIcons.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { CountedField } from './CountedField.tsx';
import styles from './IdeaForm.module.css';
import { addRow, fieldErrorsOf, formValuesOf, shownMessage } from './ideaFormRules.ts';
import { TrashIcon } from './ideaIcons.tsx';
import { postProblem, updateProblem } from './ideaProblems.ts';
import { ideaKeys, postIdea, putIdea } from './ideasApi.ts';
import { useLimitNotice } from './useLimitNotice.ts';

const schema = lazyResolver<IdeaInput, IdeaValues>(() =>
  import('./ideaFormSchema.ts').then((m) => m.ideaResolver),
);

interface IdeaFormProps {
  /** The idea being edited; none when posting a new one. */
  idea?: IdeaDetail;
  onSaved(ideaId: number): void;
  onCancel(): void;
}

/**
 * SPEC §5 idea form, for posting and editing alike: validated by the contract's idea schema, the
 * same one the server applies, so both sides refuse the same input with the same words.
 */
export function IdeaForm({ idea, onSaved, onCancel }: IdeaFormProps) {
  const { branding } = useTenant();
  const queryClient = useQueryClient();
  const supports = usePersisted('support_or_partnership');
  const ipStatuses = usePersisted('ip_statuses');
  const [problem, setProblem] = useState<string | null>(null);
  const [linkNotice, showLinkNotice] = useLimitNotice();
  const [patentNotice, showPatentNotice] = useLimitNotice();
  const problemRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();
  const form = useForm<IdeaInput, unknown, IdeaValues>({
    resolver: schema.resolver,
    defaultValues: formValuesOf(idea),
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const links = useFieldArray({ control: form.control, name: 'urls' });
  const patents = (form.watch('patents') ?? []).map((patent) => patent ?? '');
  const ipStatusId = form.watch('ip_status_id') ?? null;
  const supportIds = form.watch('support_ids') ?? [];
  const patentKeys = useRef(patents.map((_, index) => index));
  const nextPatentKey = useRef(patents.length);
  const shown = (message: string | undefined) => shownMessage(message, branding.patentNumberError);

  useEffect(schema.preload, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const setPatents = (next: string[]) =>
    form.setValue('patents', next, { shouldDirty: true, shouldValidate: isSubmitted });

  const addLink = () => {
    const outcome = addRow('urls', links.fields.length);
    if (outcome.kind === 'limit') showLinkNotice(outcome.message);
    else links.append({ url: '', title: '' });
  };

  const addPatent = () => {
    const outcome = addRow('patents', patents.length);
    if (outcome.kind === 'limit') {
      showPatentNotice(outcome.message);
      return;
    }
    patentKeys.current = [...patentKeys.current, nextPatentKey.current++];
    setPatents([...patents, '']);
  };

  const removePatent = (index: number) => {
    patentKeys.current = patentKeys.current.filter((_, i) => i !== index);
    setPatents(patents.filter((_, i) => i !== index));
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = idea ? await putIdea(idea.id, values) : await postIdea(values);
      void queryClient.invalidateQueries({ queryKey: ideaKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ideaKeys.detail(answer.idea_id) });
      onSaved(answer.idea_id);
    } catch (error) {
      setProblem(idea ? updateProblem(error) : postProblem(error));
      if (isApiError(error)) {
        for (const { field, message } of fieldErrorsOf(error)) form.setError(field, { message });
      }
    }
  });

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <section className={styles.section} aria-labelledby={`${ids}-basics`}>
          <div className={styles.sectionHead}>
            <h2 id={`${ids}-basics`} className={styles.sectionTitle}>
              The idea
            </h2>
            <p className={styles.sectionLead}>
              A clear title and a short introduction for the feed.
            </p>
          </div>
          <CountedField
            name="title"
            label="Title"
            max={limits.ideaTitle}
            control={form.control}
            registration={form.register('title')}
            error={errors.title?.message}
            placeholder="A short, descriptive title"
            required
          />
          <CountedField
            name="introduction"
            label="Introduction"
            max={limits.ideaIntroduction}
            control={form.control}
            registration={form.register('introduction')}
            error={errors.introduction?.message}
            description="What is the idea, in a few sentences? This shows on the idea's card."
            multiline
            rows={4}
            required
          />
        </section>

        <section className={styles.section} aria-labelledby={`${ids}-details`}>
          <div className={styles.sectionHead}>
            <h2 id={`${ids}-details`} className={styles.sectionTitle}>
              Details
            </h2>
            <p className={styles.sectionLead}>Optional, and worth it: readers decide here.</p>
          </div>
          <CountedField
            name="problem"
            label="Problem"
            max={limits.ideaProblem}
            control={form.control}
            registration={form.register('problem')}
            error={errors.problem?.message}
            description="What problem does it address, and for whom?"
            multiline
            rows={6}
          />
          <CountedField
            name="opportunity"
            label="Opportunity"
            max={limits.ideaOpportunity}
            control={form.control}
            registration={form.register('opportunity')}
            error={errors.opportunity?.message}
            description="What could it become? Markets, impact, next steps."
            multiline
            rows={6}
          />
        </section>

        <section className={styles.section} aria-labelledby={`${ids}-seeking`}>
          <div className={styles.sectionHead}>
            <h2 id={`${ids}-seeking`} className={styles.sectionTitle}>
              What you are looking for
            </h2>
          </div>
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
            {errors.support_ids?.message && (
              <p className={fieldStyles.error}>{errors.support_ids.message}</p>
            )}
          </fieldset>
        </section>

        <section className={styles.section} aria-labelledby={`${ids}-ip`}>
          <div className={styles.sectionHead}>
            <h2 id={`${ids}-ip`} className={styles.sectionTitle}>
              Intellectual property
            </h2>
          </div>
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
                    name={`${ids}-ip-status`}
                    checked={ipStatusId === status.id}
                    onChange={() => form.setValue('ip_status_id', status.id, { shouldDirty: true })}
                  />
                  {pickerName(status)}
                </label>
              ))}
            </div>
            {errors.ip_status_id?.message && (
              <p className={fieldStyles.error}>{errors.ip_status_id.message}</p>
            )}
          </fieldset>

          <fieldset className={styles.fieldset}>
            <legend className={fieldStyles.label}>Patent numbers</legend>
            <p className={fieldStyles.description}>
              Up to {limits.maxPatents}, such as US 10,123,456 B2 or EP1234567A1.
            </p>
            {patents.map((value, index) => {
              const error = shown(errors.patents?.[index]?.message);
              const errorId = `${ids}-patent-${patentKeys.current[index]}-error`;
              return (
                <div key={patentKeys.current[index]} className={styles.row}>
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
                    onClick={() => removePatent(index)}
                  >
                    <TrashIcon width={18} height={18} />
                  </button>
                </div>
              );
            })}
            <div className={styles.addRow}>
              <button type="button" className={buttons.secondary} onClick={addPatent}>
                <PlusIcon width={18} height={18} />
                Add patent number
              </button>
              <p role="status" className={styles.notice}>
                {patentNotice}
              </p>
            </div>
          </fieldset>
        </section>

        <section className={styles.section} aria-labelledby={`${ids}-links`}>
          <div className={styles.sectionHead}>
            <h2 id={`${ids}-links`} className={styles.sectionTitle}>
              Supporting links
            </h2>
            <p className={styles.sectionLead}>
              Up to {limits.maxLinks} links to papers, demos or press, each with a title.
            </p>
          </div>
          {links.fields.map((field, index) => {
            const urlError = shown(errors.urls?.[index]?.url?.message);
            const titleError = shown(errors.urls?.[index]?.title?.message);
            return (
              <fieldset key={field.id} className={styles.linkRow}>
                <legend className="visually-hidden">Supporting link {index + 1}</legend>
                <div className={styles.linkFields}>
                  <div className={fieldStyles.field}>
                    <label htmlFor={`${field.id}-url`} className={fieldStyles.label}>
                      URL
                    </label>
                    <input
                      id={`${field.id}-url`}
                      type="url"
                      inputMode="url"
                      className={fieldStyles.input}
                      placeholder="https://"
                      aria-invalid={urlError ? true : undefined}
                      aria-describedby={urlError ? `${field.id}-url-error` : undefined}
                      {...form.register(`urls.${index}.url`)}
                    />
                    {urlError && (
                      <p id={`${field.id}-url-error`} className={fieldStyles.error}>
                        {urlError}
                      </p>
                    )}
                  </div>
                  <div className={fieldStyles.field}>
                    <label htmlFor={`${field.id}-title`} className={fieldStyles.label}>
                      Link title
                    </label>
                    <input
                      id={`${field.id}-title`}
                      type="text"
                      className={fieldStyles.input}
                      maxLength={limits.linkTitle}
                      aria-invalid={titleError ? true : undefined}
                      aria-describedby={titleError ? `${field.id}-title-error` : undefined}
                      {...form.register(`urls.${index}.title`)}
                    />
                    {titleError && (
                      <p id={`${field.id}-title-error`} className={fieldStyles.error}>
                        {titleError}
                      </p>
                    )}
                  </div>
                </div>
                <button
                  type="button"
                  className={`${buttons.iconOnly} ${styles.removeLink}`}
                  aria-label={`Remove supporting link ${index + 1}`}
                  onClick={() => links.remove(index)}
                >
                  <TrashIcon width={18} height={18} />
                </button>
              </fieldset>
            );
          })}
          <div className={styles.addRow}>
            <button type="button" className={buttons.secondary} onClick={addLink}>
              <PlusIcon width={18} height={18} />
              Add link
            </button>
            <p role="status" className={styles.notice}>
              {linkNotice}
            </p>
          </div>
        </section>

        <div className={styles.footer}>
          {problem && (
            <p ref={problemRef} role="alert" tabIndex={-1} className={styles.problem}>
              {problem}
            </p>
          )}
          <div className={styles.buttons}>
            <button type="button" className={buttons.secondary} onClick={onCancel}>
              Cancel
            </button>
            <SubmitButton pending={isSubmitting} pendingLabel={idea ? 'Saving…' : 'Posting…'}>
              {idea ? 'Save Changes' : 'Post Idea'}
            </SubmitButton>
          </div>
        </div>
      </form>
      <PostingTips />
    </div>
  );
}

/** Beside the form on wide screens: what makes an idea easy to pick up. */
function PostingTips() {
  return (
    <aside className={styles.tips} aria-labelledby="idea-tips">
      <h2 id="idea-tips" className={styles.tipsTitle}>
        Tips for a strong post
      </h2>
      <ul className={styles.tipList}>
        <li>Lead with the outcome: what changes if this works?</li>
        <li>Keep the introduction short. It is what people see in the feed.</li>
        <li>Name the help you need, so the right people find you.</li>
        <li>Link a paper, a demo or slides to show how far along you are.</li>
      </ul>
    </aside>
  );
}
