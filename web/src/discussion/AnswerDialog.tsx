import {
  type IdeaInterestRequest,
  INTEREST_REASON_MAX,
  type InterestAnswer,
  type InterestAnswerInput,
  interestKindLabels,
} from '@kindling/contract';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { CountedTextField } from '../forms/CountedTextField.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import { fullName } from '../ideas/ideaText.ts';
import buttons from '../shell/buttons.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import styles from './discussion.module.css';

type Values = { status: InterestAnswer; reason: string };

const schema = lazyResolver<InterestAnswerInput, Values>(() =>
  import('./discussionSchemas.ts').then((m) => m.interestAnswerResolver),
);

const choices: { status: InterestAnswer; label: string; hint: string }[] = [
  { status: 'responded', label: 'Responded', hint: 'You have been in touch; it stays open.' },
  { status: 'declined', label: 'Declined', hint: 'Not possible: say why.' },
  { status: 'closed', label: 'Closed', hint: 'Done, whatever came of it.' },
];

/**
 * The principal investigator's, case manager's or an administrator's answer to a request: its new
 * status and a reason, which the contract's schema requires for a decline, as the server does.
 */
export function AnswerDialog({
  request,
  onSave,
  onClose,
}: {
  request: IdeaInterestRequest;
  onSave(values: Values): Promise<void>;
  onClose(): void;
}) {
  const form = useForm<InterestAnswerInput, unknown, Values>({
    resolver: schema.resolver,
    defaultValues: { status: 'responded', reason: request.reason ?? '' },
  });
  const [status, reason] = useWatch({ control: form.control, name: ['status', 'reason'] });
  const { errors } = form.formState;
  useEffect(schema.preload, []);

  // The list's row change tells how it went; the reason's own failure is shown under it.
  const { submit, pending } = useFormMutation(form, {
    send: onSave,
    saved: onClose,
    problem: () => null,
    fieldOf: (field) => (field === 'reason' ? 'reason' : null),
  });

  return (
    <ModalDialog className={styles.modal} onClose={onClose}>
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <DialogTitle className={styles.dialogTitle}>Answer the request</DialogTitle>
        <p className={styles.dialogText}>
          {fullName(request.requester)}’s {interestKindLabels[request.kind].toLowerCase()} request.
        </p>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Status</legend>
          {choices.map((choice) => (
            <label key={choice.status} className={styles.choice}>
              <input type="radio" value={choice.status} {...form.register('status')} />
              <span>
                <span className={styles.choiceLabel}>{choice.label}</span>
                <span className={styles.choiceHint}>{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <CountedTextField
          label={status === 'declined' ? 'Reason' : 'Reason (optional)'}
          max={INTEREST_REASON_MAX}
          value={reason ?? ''}
          registration={form.register('reason')}
          error={errors.reason?.message}
          description="The requester sees it with the status."
          rows={3}
          required={status === 'declined'}
        />
        <div className={styles.formButtons}>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <SubmitButton pending={pending}>Save answer</SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
