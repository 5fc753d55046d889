import type { Branding } from '@kindling/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { PasswordGuidelines } from '../forms/PasswordGuidelines.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import { CheckCircleIcon } from '../shell/screenIcons.tsx';
import styles from './ClaimSteps.module.css';
import type { SetPasswordInput } from './claimForms.ts';

type ClaimTexts = Branding['claimProfile'];

/** The branding's `{firstName}` placeholder filled in. */
const withName = (text: string, firstName: string) => text.replaceAll('{firstName}', firstName);

/** A step's button that waits for its call, disabled meanwhile. */
function ActionButton({
  onPress,
  variant = 'primary',
  children,
}: {
  onPress(): Promise<void> | void;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className={buttons[variant]}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={async () => {
        setPending(true);
        try {
          await onPress();
        } finally {
          setPending(false);
        }
      }}
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
  problem,
  onAccept,
  onDecline,
}: {
  texts: ClaimTexts['acceptInvite'];
  firstName: string;
  problem: Message | null;
  onAccept(): Promise<void>;
  onDecline(): void;
}) {
  return (
    <CardPage
      width="wide"
      title={withName(texts.welcome, firstName)}
      lead={texts.intro.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
    >
      {problem && <FormAlert message={problem} />}
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
        <ActionButton onPress={onAccept}>{texts.acceptButton}</ActionButton>
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
  problem,
  onReconsider,
  onConfirm,
}: {
  texts: ClaimTexts['declineAppeal'];
  problem: Message | null;
  onReconsider(): void;
  onConfirm(): Promise<void>;
}) {
  return (
    <CardPage title={texts.title} lead={<p>{texts.message}</p>}>
      {problem && <FormAlert message={problem} />}
      <div className={styles.actions}>
        <button type="button" className={buttons.primary} onClick={onReconsider}>
          {texts.reconsiderButton}
        </button>
        <ActionButton variant="secondary" onPress={onConfirm}>
          {texts.confirmButton}
        </ActionButton>
      </div>
    </CardPage>
  );
}

export function SetPasswordStep({
  texts,
  problem,
  onSave,
}: {
  texts: ClaimTexts['setPassword'];
  problem: Message | null;
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
  const { errors, isSubmitting } = form.formState;

  return (
    <CardPage title={texts.title} lead={<p>{texts.intro}</p>}>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit(({ password }) => onSave(password))}
      >
        {problem && <FormAlert message={problem} />}
        <PasswordField
          label={texts.passwordLabel}
          autoComplete="new-password"
          showLabel={texts.showPassword}
          hideLabel={texts.hidePassword}
          registration={form.register('password')}
          error={errors.password?.message}
          description={
            <PasswordGuidelines title={texts.guidelinesTitle} items={texts.guidelines} />
          }
        />
        <SubmitButton pending={isSubmitting} wide>
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
  problem,
  onReview,
}: {
  texts: ClaimTexts['review'];
  firstName: string;
  photoUrl: string | null;
  problem: Message | null;
  onReview(): Promise<void>;
}) {
  return (
    <CardPage title={withName(texts.greeting, firstName)} lead={<p>{texts.message}</p>}>
      <img className={styles.photo} src={photoUrl ?? '/images/default-profile.svg'} alt="" />
      {problem && <FormAlert message={problem} />}
      <ActionButton onPress={onReview}>{texts.reviewButton}</ActionButton>
    </CardPage>
  );
}
