import {
  INTEREST_MESSAGE_MAX,
  type InterestInput,
  type InterestKind,
  interestKindLabels,
  interestKinds,
} from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError, problemMessage } from '../api/apiError.ts';
import { CountedTextField } from '../forms/CountedTextField.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SelectField } from '../forms/SelectField.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import { showToast } from '../shell/showToast.ts';
import styles from './discussion.module.css';
import { discussionKeys, postInterest } from './discussionApi.ts';

type Values = { kind: InterestKind; message: string };

const schema = lazyResolver<InterestInput, Values>(() =>
  import('./discussionSchemas.ts').then((m) => m.interestResolver),
);

/** The select offers kinds by number; the contract names them. */
const kindOptions = interestKinds.map((kind, index) => ({
  id: index + 1,
  name: interestKindLabels[kind],
}));

/**
 * CONTRACT §9 'Express interest': a kind and a message to the idea's principal investigator and
 * case manager. A second open request on the same idea is refused by the server (409), whose
 * message shows here.
 */
export function InterestDialog({
  idea,
  onClose,
}: {
  idea: { id: number; title: string };
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<InterestInput, unknown, Values>({
    resolver: schema.resolver,
    defaultValues: { kind: undefined, message: '' },
  });
  const [kind, message] = useWatch({ control: form.control, name: ['kind', 'message'] });
  const { errors } = form.formState;
  useEffect(schema.preload, []);

  const { submit, problem, pending } = useFormMutation(form, {
    send: (values: Values) => postInterest(idea.id, values),
    saved: () => {
      void queryClient.invalidateQueries({ queryKey: discussionKeys.myInterest });
      showToast('Your interest has been sent. Follow it under My interest requests.', 'success');
      onClose();
    },
    // A refusal that names fields says it there; any other, above them.
    problem: (error) =>
      isApiError(error) && error.details.length > 0 ? null : problemMessage(error),
    fieldOf: (field) => (field === 'kind' || field === 'message' ? field : null),
  });

  const chosen = kind ? interestKinds.indexOf(kind as InterestKind) + 1 : null;
  return (
    <ModalDialog className={styles.modal} onClose={onClose}>
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <DialogTitle className={styles.dialogTitle}>Express interest</DialogTitle>
        <p className={styles.dialogText}>
          Tell the team behind “{idea.title}” what you have in mind. Its principal investigator and
          case manager will answer you.
        </p>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <SelectField
          label="Kind of interest"
          placeholder="Choose a kind"
          options={kindOptions}
          value={chosen}
          onChange={(value) => {
            const next = value === null ? undefined : interestKinds[value - 1];
            form.setValue('kind', next as InterestKind, {
              shouldValidate: form.formState.isSubmitted,
            });
          }}
          isRequired
          error={errors.kind?.message}
          focusRef={(handle) => form.register('kind').ref(handle)}
        />
        <CountedTextField
          label="Message"
          max={INTEREST_MESSAGE_MAX}
          value={message ?? ''}
          registration={form.register('message')}
          error={errors.message?.message}
          description="What you would like to do together, and how to reach you."
          rows={5}
          required
        />
        <div className={styles.formButtons}>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <SubmitButton pending={pending}>Send</SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
