import type { IdeaDetail, IdeaValues } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { IdeaIpSection } from './form/IdeaIpSection.tsx';
import { IdeaLinksSection } from './form/IdeaLinksSection.tsx';
import { IdeaSeekingSection } from './form/IdeaSeekingSection.tsx';
import { IdeaTextSections } from './form/IdeaTextSections.tsx';
import styles from './IdeaForm.module.css';
import { formValuesOf, type IdeaFormValues, ideaFieldOf } from './ideaFormRules.ts';
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
  const problemRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<IdeaFormValues, unknown, IdeaValues>({
    resolver: schema.resolver,
    defaultValues: formValuesOf(idea),
  });
  const { submit, problem, pending } = useFormMutation(form, {
    send: (values: IdeaValues) => (idea ? putIdea(idea.id, values) : postIdea(values)),
    saved: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ideaKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ideaKeys.detail(answer.idea_id) });
      onSaved(answer.idea_id);
    },
    problem: idea ? updateProblem : postProblem,
    fieldOf: ideaFieldOf,
  });

  useEffect(schema.preload, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

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
            <SubmitButton pending={pending} pendingLabel={idea ? 'Saving…' : 'Posting…'}>
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
