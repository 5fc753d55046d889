import type { Branding } from '@kindling/contract';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { problemMessage } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { PasswordGuidelines } from '../forms/PasswordGuidelines.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import { CheckCircleIcon } from '../shell/screenIcons.tsx';
import styles from './ClaimSteps.module.css';
import type { SetPasswordInput } from './claimForms.ts';

type ClaimTexts = Branding['claimProfile'];

/** The branding's `{firstName}` placeholder filled in. */
const withName = (text: string, firstName: string) => text.replaceAll('{firstName}', firstName);

/** The claim's failures above the step, in the server's words (SPEC §8 claim flow). */
const claimProblem = (error: unknown): Message => [problemMessage(error)];

/** A step's one write, a form without fields: its failure in `problem`'s words above the step. */
function useStepWrite(send: () => Promise<void>, problem = claimProblem) {
  return useFormMutation(useForm(), { send, problem });
}

/** A step's button that sends its write, disabled meanwhile. */
function ActionButton({
  write,
  variant = 'primary',
  children,
}: {
  write: ReturnType<typeof useStepWrite>;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={buttons[variant]}
      disabled={write.pending}
      aria-busy={write.pending || undefined}
      onClick={() => void write.submit()}
    >
      {children}
    </button>
  );
}

export function ClaimLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading}>
      <Spinner label={label} />
      <p aria-hidden="true">{label}</p>
    </div>
  );
}

/** A step that only says something, with at most one way on. */
export function MessageStep({
  title,
  message,
  button,
  onPress,
}: {
  title: string;
  message?: string;
  button?: string;
  onPress?(): void;
}) {
  return (
    <CardPage title={title} lead={message ? <p>{message}</p> : undefined}>
      {button && onPress && (
        <button type="button" className={buttons.primary} onClick={onPress}>
          {button}
        </button>
      )}
    </CardPage>
  );
}

export function AcceptInviteStep({
  texts,
  firstName,
  onAccept,
  onDecline,
}: {
  texts: ClaimTexts['acceptInvite'];
  firstName: string;
  onAccept(): Promise<void>;
  onDecline(): void;
}) {
  const accept = useStepWrite(onAccept);
  return (
    <CardPage
      width="wide"
      title={withName(texts.welcome, firstName)}
      lead={texts.intro.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
    >
      {accept.problem && <FormAlert message={accept.problem} />}
      <section className={styles.benefits} aria-labelledby="claim-benefits">
        <h2 id="claim-benefits" className={styles.subtitle}>
          {texts.benefitsTitle}
        </h2>
        <ul className={styles.benefitList}>
          {texts.benefits.map((benefit) => (
            <li key={benefit}>
              <CheckCircleIcon className={styles.tick} width={20} height={20} />
              {benefit}
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.actions}>
        <ActionButton write={accept}>{texts.acceptButton}</ActionButton>
        <button type="button" className={buttons.secondary} onClick={onDecline}>
          {texts.declineButton}
        </button>
      </div>
      <p className={styles.terms}>
        {texts.termsPrefix}{' '}
        <Link to={paths.standaloneTerms} target="_blank" rel="noreferrer">
          {texts.termsLink}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
        .
      </p>
    </CardPage>
  );
}

export function DeclineAppealStep({
  texts,
  onReconsider,
  onConfirm,
}: {
  texts: ClaimTexts['declineAppeal'];
  onReconsider(): void;
  onConfirm(): Promise<void>;
}) {
  const confirm = useStepWrite(onConfirm);
  return (
    <CardPage title={texts.title} lead={<p>{texts.message}</p>}>
      {confirm.problem && <FormAlert message={confirm.problem} />}
      <div className={styles.actions}>
        <button type="button" className={buttons.primary} onClick={onReconsider}>
          {texts.reconsiderButton}
        </button>
        <ActionButton variant="secondary" write={confirm}>
          {texts.confirmButton}
        </ActionButton>
      </div>
    </CardPage>
  );
}

export function SetPasswordStep({
  texts,
  onSave,
}: {
  texts: ClaimTexts['setPassword'];
  onSave(password: string): Promise<void>;
}) {
  const schema = useMemo(
    () =>
      lazyResolver<SetPasswordInput, SetPasswordInput>(() =>
        import('./claimForms.ts').then((m) => m.setPasswordResolver(texts.passwordError)),
      ),
    [texts.passwordError],
  );
  useEffect(() => schema.preload(), [schema]);
  const form = useForm<SetPasswordInput>({
    resolver: schema.resolver,
    defaultValues: { password: '' },
  });
  // The server's details on the password stay above the form, in its words.
  const { submit, problem, pending } = useFormMutation(form, {
    send: ({ password }: SetPasswordInput) => onSave(password),
    problem: claimProblem,
    fieldOf: () => null,
  });

  return (
    <CardPage title={texts.title} lead={<p>{texts.intro}</p>}>
      <form className={styles.form} noValidate onSubmit={submit}>
        {problem && <FormAlert message={problem} />}
        <PasswordField
          label={texts.passwordLabel}
          autoComplete="new-password"
          showLabel={texts.showPassword}
          hideLabel={texts.hidePassword}
          registration={form.register('password')}
          error={form.formState.errors.password?.message}
          description={
            <PasswordGuidelines title={texts.guidelinesTitle} items={texts.guidelines} />
          }
        />
        <SubmitButton pending={pending} wide>
          {texts.saveButton}
        </SubmitButton>
      </form>
    </CardPage>
  );
}

export function ReviewStep({
  texts,
  firstName,
  photoUrl,
  problemOf,
  onReview,
}: {
  texts: ClaimTexts['review'];
  firstName: string;
  photoUrl: string | null;
  /** The review signs in, so its failures are told in sign-in's words. */
  problemOf(error: unknown): Message;
  onReview(): Promise<void>;
}) {
  const review = useStepWrite(onReview, problemOf);
  return (
    <CardPage title={withName(texts.greeting, firstName)} lead={<p>{texts.message}</p>}>
      <img className={styles.photo} src={photoUrl ?? '/images/default-profile.svg'} alt="" />
      {review.problem && <FormAlert message={review.problem} />}
      <ActionButton write={review}>{texts.reviewButton}</ActionButton>
    </CardPage>
  );
}
