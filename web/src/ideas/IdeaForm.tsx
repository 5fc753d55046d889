import type { IdeaDetail, IdeaValues } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../api/apiError.ts';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import buttons from '../shell/buttons.module.css';
import { IdeaIpSection } from './form/IdeaIpSection.tsx';
import { IdeaLinksSection } from './form/IdeaLinksSection.tsx';
import { IdeaSeekingSection } from './form/IdeaSeekingSection.tsx';
import { IdeaTextSections } from './form/IdeaTextSections.tsx';
import styles from './IdeaForm.module.css';
import { fieldErrorsOf, formValuesOf, type IdeaFormValues } from './ideaFormRules.ts';
import { postProblem, updateProblem } from './ideaProblems.ts';
import { ideaKeys, postIdea, putIdea } from './ideasApi.ts';

const schema = lazyResolver<IdeaFormValues, IdeaValues>(() =>
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
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<IdeaFormValues, unknown, IdeaValues>({
    resolver: schema.resolver,
    defaultValues: formValuesOf(idea),
  });
  const { isSubmitting } = form.formState;

  useEffect(schema.preload, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

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
        <IdeaTextSections form={form} />
        <IdeaSeekingSection form={form} idea={idea} />
        <IdeaIpSection form={form} idea={idea} />
        <IdeaLinksSection form={form} />
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
