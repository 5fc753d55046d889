import { COMMENT_MAX, type CommentInput } from '@kindling/contract';
import { useForm, useWatch } from 'react-hook-form';
import { problemMessage } from '../api/apiError.ts';
import { CountedTextField } from '../forms/CountedTextField.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import styles from './discussion.module.css';

const schema = lazyResolver<CommentInput, { body: string }>(() =>
  import('./discussionSchemas.ts').then((m) => m.commentResolver),
);

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  description?: string;
  /** Saves the trimmed text; a rejection shows its message on the field. */
  onSave(body: string): Promise<void>;
  onCancel?(): void;
}

/**
 * A comment's text, new or edited: the contract's schema checks it here with the server's words
 * ('Please enter a comment.'), and a refusal from the server lands on the same field.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  description,
  onSave,
  onCancel,
}: CommentFormProps) {
  const form = useForm<CommentInput, unknown, { body: string }>({
    resolver: schema.resolver,
    defaultValues: { body: initial },
  });
  const body = useWatch({ control: form.control, name: 'body' });

  // Every failure is shown on the text: the server's words for it, else the answer's message.
  const { submit, pending } = useFormMutation(form, {
    send: (values: { body: string }) => onSave(values.body),
    saved: () => form.reset({ body: '' }),
    problem: () => null,
    fieldOf: (field) => (field === 'body' ? 'body' : null),
    failed: (error) => {
      if (!form.getFieldState('body').error)
        form.setError('body', { message: problemMessage(error) });
    },
  });

  return (
    // The schema, and zod with it, loads as the member comes to the form, not with the idea page
    // below which it sits: evaluating it was one of the page's long tasks after its first paint,
    // for the few visitors who comment. A send before it arrives waits for it.
    <form className={styles.commentForm} onSubmit={submit} onFocus={schema.preload} noValidate>
      <CountedTextField
        label={label}
        max={COMMENT_MAX}
        value={body ?? ''}
        registration={form.register('body')}
        error={form.formState.errors.body?.message}
        description={description}
        rows={initial ? 4 : 3}
        required
      />
      <div className={styles.formButtons}>
        {onCancel && (
          <button type="button" className={buttons.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
