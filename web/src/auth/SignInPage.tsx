import type { MfaStepAnswer, SessionAnswer } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../app/paths.ts';
import fieldStyles from '../forms/Field.module.css';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { EmailField } from '../forms/personFields.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFirstScreenForm } from '../forms/useFirstScreenForm.ts';
import { loadReferenceData } from '../lookups/referenceLists.ts';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';
import { showToast } from '../shell/showToast.ts';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { useAuth } from './AuthContext.ts';
import { signInRequest } from './authApi.ts';
import { OFFLINE_MESSAGE } from './authMessages.ts';
import { noticeOf, rememberedOrigin } from './origin.ts';
import { PendingApproval } from './PendingApproval.tsx';
import { passkeySignInProblem, passkeysSupported, signInWithPasskey } from './passkeySignIn.ts';
import styles from './SignInPage.module.css';
import type { SignInFormInput, SignInFormValues } from './signInForm.ts';
import { NOT_APPROVED_MESSAGE, signInProblem } from './signInProblem.ts';
import { ssoErrorOutcome } from './ssoErrors.ts';
import { providerForEmail, providersRequest, ssoStartUrl } from './ssoProviders.ts';

const schema = lazyResolver<SignInFormInput, SignInFormValues>(() =>
  import('./signInForm.ts').then((m) => m.signInResolver),
);

/** The second step loads only for a member who has one, keeping the first screen's script small. */
const MfaStep = lazy(() => import('./MfaStep.tsx').then((m) => ({ default: m.MfaStep })));

/** SPEC §2 sign-in. Success lets the signed-out-only guard take the member on (RouteGuard). */
export function SignInPage() {
  const tenant = useTenant();
  const { startSession } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A failed single sign-on comes back with its code (CONTRACT §8), read once as the screen opens.
  const [ssoOutcome] = useState(() => ssoErrorOutcome(searchParams.get('sso_error')));
  const notice = noticeOf(location.state);
  const [problem, setProblem] = useState<Message | null>(() =>
    ssoOutcome?.kind === 'message' ? [ssoOutcome.message] : null,
  );
  const [pendingApproval, setPendingApproval] = useState<string | null>(() =>
    ssoOutcome?.kind === 'pendingApproval' ? NOT_APPROVED_MESSAGE : null,
  );
  const form = useFirstScreenForm<SignInFormInput, SignInFormValues>({
    resolver: schema.resolver,
    defaultValues: { email: '', password: '', remember_session: false },
  });
  const { errors, isSubmitting } = form.formState;
  // The form's schema and the tenant's providers are not in the first paint: asked for once it is
  // recorded, they no longer count as scripts and requests the paint waited for (decision 0062).
  const painted = useFirstPaintDone();
  const providers = useQuery({
    queryKey: ['auth', 'providers', tenant.id],
    queryFn: () => providersRequest(tenant.id),
    select: (answer) => answer.providers,
    enabled: painted,
  }).data;
  const [email, setEmail] = useState('');
  const [mfaStep, setMfaStep] = useState<MfaStepAnswer | null>(null);
  const [passwordInstead, setPasswordInstead] = useState(false);
  const [withPasskey] = useState(passkeysSupported);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const emailProvider = providers && providerForEmail(providers, email);
  const sendToProvider = emailProvider && !passwordInstead ? emailProvider : undefined;

  useEffect(() => {
    if (painted) schema.preload();
  }, [painted]);

  // The code has been read: a reload or a later failure should not show it again.
  useEffect(() => {
    if (!searchParams.has('sso_error')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('sso_error');
    navigate({ search: rest.size > 0 ? `?${rest}` : '' }, { replace: true, state: location.state });
  }, [searchParams, navigate, location.state]);

  /** To the provider's own sign-in, keeping 'remember me' and the page the member wanted. */
  const startSso = (providerId: number) => {
    window.location.assign(
      ssoStartUrl(providerId, {
        tenantId: tenant.id,
        remember: Boolean(form.getValues().remember_session),
        redirect: rememberedOrigin(location.state),
      }),
    );
  };

  const emailRegistration = form.register('email');
  const trackEmail = {
    ...emailRegistration,
    onChange: (event: { target: { value: string } }) => {
      setEmail(event.target.value);
      return emailRegistration.onChange(event);
    },
  };

  const submitPassword = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = await signInRequest({ ...values, tenant_id: tenant.id });
      if ('next_step' in answer) {
        setMfaStep(answer);
        return;
      }
      await enter(answer);
    } catch (error) {
      showProblem(signInProblem(error));
    }
  });

  const showProblem = (outcome: ReturnType<typeof signInProblem>) => {
    if (outcome.kind === 'offline') showToast(OFFLINE_MESSAGE, 'error');
    else if (outcome.kind === 'pendingApproval') setPendingApproval(outcome.message);
    else setProblem(outcome.message);
  };

  /** Decision 0045: a passkey alone signs in, its fingerprint, face or PIN the second factor. */
  const submitPasskey = async () => {
    setProblem(null);
    setPasskeyPending(true);
    try {
      await enter(await signInWithPasskey(tenant.id, Boolean(form.getValues().remember_session)));
    } catch (error) {
      showProblem(passkeySignInProblem(error));
    } finally {
      setPasskeyPending(false);
    }
  };

  const enter = async (answer: SessionAnswer) => {
    // SPEC §4: the reference data is in place before the first signed-in screen shows; an
    // administrator who must first set up a second factor may read nothing else yet.
    if (!answer.session.mfa_setup_required) await loadReferenceData(queryClient, tenant.id);
    startSession(answer);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!sendToProvider) return submitPassword(event);
    event.preventDefault();
    startSso(sendToProvider.id);
  };

  if (mfaStep) {
    return (
      <Suspense fallback={null}>
        <MfaStep
          step={mfaStep}
          onSignedIn={enter}
          onRestart={(message) => {
            setMfaStep(null);
            setProblem(message ? [message] : null);
            form.resetField('password');
          }}
        />
      </Suspense>
    );
  }

  if (pendingApproval) {
    return (
      <PendingApproval
        message={pendingApproval}
        onBack={() => {
          setPendingApproval(null);
          setProblem(null);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <CardPage
      title="Sign in"
      lead={<p>Welcome back to {tenant.branding.productName}. Sign in with your email address.</p>}
      footer={
        <p>
          Not a member yet?{' '}
          <Link to={paths.requestInvite} state={location.state}>
            {tenant.branding.home.callToAction}
          </Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {problem && <FormAlert message={problem} />}
        {notice && !problem && <FormAlert tone="success" message={[notice]} />}
        <EmailField
          autoComplete="username"
          registration={trackEmail}
          error={errors.email?.message}
          description={
            emailProvider &&
            (sendToProvider
              ? `This address signs in through ${emailProvider.name}. Continue takes you there.`
              : `You can also sign in through ${emailProvider.name}.`)
          }
        />
        <p role="status" className="visually-hidden">
          {sendToProvider ? `This address signs in through ${sendToProvider.name}.` : ''}
        </p>
        {sendToProvider ? (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setPasswordInstead(true)}
          >
            Use my password instead
          </button>
        ) : (
          <PasswordField
            label="Password"
            autoComplete="current-password"
            registration={form.register('password')}
            error={errors.password?.message}
          />
        )}
        <div className={styles.row}>
          <label className={fieldStyles.check}>
            <input type="checkbox" {...form.register('remember_session')} />
            Remember me
          </label>
          <Link to={paths.forgotPassword} className={styles.forgot}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Signing in…" wide>
          {sendToProvider ? `Continue with ${sendToProvider.name}` : 'Sign In'}
        </SubmitButton>
      </form>
      {(withPasskey || (providers && providers.length > 0)) && (
        <div className={styles.providers}>
          <p className={styles.or}>or</p>
          <ul className={styles.providerList}>
            {withPasskey && (
              <li>
                <button
                  type="button"
                  className={buttons.secondary}
                  onClick={submitPasskey}
                  disabled={passkeyPending}
                  aria-busy={passkeyPending}
                >
                  {passkeyPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
                </button>
              </li>
            )}
            {providers?.map((provider) => (
              <li key={provider.id}>
                <button
                  type="button"
                  className={buttons.secondary}
                  onClick={() => startSso(provider.id)}
                >
                  Sign in with {provider.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </CardPage>
  );
}
