import type { InvitedUserRecord } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { signInRequest } from '../auth/authApi.ts';
import { OFFLINE_MESSAGE } from '../auth/authMessages.ts';
import { signInProblem } from '../auth/signInProblem.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import type { Message } from '../forms/message.ts';
import { loadReferenceData } from '../lookups/referenceLists.ts';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import {
  AcceptInviteStep,
  ClaimLoading,
  DeclineAppealStep,
  MessageStep,
  ReviewStep,
  SetPasswordStep,
} from './ClaimSteps.tsx';
import { type ClaimEvent, claimReducer } from './claimFlow.ts';
import {
  type ClaimLink,
  claimProfile,
  updateInvitationStatus,
  verifyToken,
} from './invitationsApi.ts';

/** The link's token and tenant id (CONTRACT §4); the tenant loaded for the page stands in for a missing id. */
function useClaimLink(fallbackTenantId: number): ClaimLink | null {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const tenantId = Number(params.get('tenant_id') ?? fallbackTenantId);
  if (!token || !Number.isInteger(tenantId) || tenantId <= 0) return null;
  return { token, tenantId };
}

/**
 * Signs out whoever is signed in when the page opens (SPEC §4: the link is someone's invitation,
 * perhaps not theirs), once; true when the page may go on.
 */
function useSignedOutFirst(): boolean {
  const { status, signOut } = useAuth();
  const [ready, setReady] = useState(false);
  const decided = useRef(false);
  useEffect(() => {
    if (status === 'pending' || decided.current) return;
    decided.current = true;
    if (status === 'signedIn') void signOut({ redirectTo: null }).then(() => setReady(true));
    else setReady(true);
  }, [status, signOut]);
  return ready;
}

/** The review signs in: a failure in sign-in's words (SPEC §8), offline above the step too. */
function reviewProblem(error: unknown): Message {
  const outcome = signInProblem(error);
  if (outcome.kind === 'message') return outcome.message;
  return [outcome.kind === 'offline' ? OFFLINE_MESSAGE : outcome.message];
}

/** SPEC §2 claim profile: every sub-screen of the invitation link, its words from the branding. */
export function AcceptInvitationPage() {
  const tenant = useTenant();
  const texts = tenant.branding.claimProfile;
  const link = useClaimLink(tenant.id);
  const ready = useSignedOutFirst();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { startSession } = useAuth();
  const [step, dispatch] = useReducer(claimReducer, link ? 'loading' : 'invalidToken');
  const [password, setPassword] = useState('');

  const verify = useQuery({
    queryKey: ['verify-token', link?.token, link?.tenantId],
    queryFn: ({ signal }) => verifyToken(link as ClaimLink, signal),
    enabled: link !== null && ready,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const record: InvitedUserRecord | undefined = verify.data;
  const offline = isApiError(verify.error, 'ERR_NETWORK') ? verify.error : null;

  useEffect(() => {
    if (record) dispatch({ type: 'verified', record });
    else if (verify.isError && offline === null) dispatch({ type: 'verifyFailed' });
  }, [record, verify.isError, offline]);

  const goTo = (path: string) => navigate(keepTenantParam(path, window.location.search));

  /** A step's call, then the event that moves the claim on; a failure stays on the step. */
  const moveOn = (call: () => Promise<unknown>, event: ClaimEvent) => async () => {
    await call();
    dispatch(event);
  };

  /** A step that only says something, its one button going on to `to`. */
  const tell = (says: { title: string; message: string; button: string }, to: string) => (
    <MessageStep
      title={says.title}
      message={says.message}
      button={says.button}
      onPress={() => goTo(to)}
    />
  );

  if (offline) return <LoadProblem error={offline} onRetry={() => verify.refetch()} />;
  if (step === 'loading') return <ClaimLoading label={texts.loading} />;
  if (step === 'invalidToken' || !link || !record) return tell(texts.invalidToken, paths.home);

  const firstName = record.first_name;
  switch (step) {
    case 'acceptInvite':
      return (
        <AcceptInviteStep
          texts={texts.acceptInvite}
          firstName={firstName}
          onAccept={moveOn(() => updateInvitationStatus(link, record.id, 'accept'), {
            type: 'accepted',
          })}
          onDecline={() => dispatch({ type: 'decline' })}
        />
      );
    case 'declineAppeal':
      return (
        <DeclineAppealStep
          texts={texts.declineAppeal}
          onReconsider={() => dispatch({ type: 'reconsider' })}
          onConfirm={moveOn(() => updateInvitationStatus(link, record.id, 'decline'), {
            type: 'declined',
          })}
        />
      );
    case 'declined':
      return tell({ ...texts.declined, button: texts.declined.exitButton }, paths.home);
    case 'setPassword':
      return (
        <SetPasswordStep
          texts={texts.setPassword}
          onSave={async (chosen) => {
            await claimProfile(link, chosen);
            setPassword(chosen);
            dispatch({ type: 'passwordSet' });
          }}
        />
      );
    case 'review':
      return (
        <ReviewStep
          texts={texts.review}
          firstName={firstName}
          photoUrl={record.profile_image_url}
          problemOf={reviewProblem}
          onReview={async () => {
            const answer = await signInRequest({
              email: record.email,
              password,
              tenant_id: link.tenantId,
              remember_session: false,
            });
            // A profile just claimed has no second factor; were one set meanwhile, sign-in asks for it.
            if ('next_step' in answer) {
              goTo(paths.signIn);
              return;
            }
            await loadReferenceData(queryClient, link.tenantId);
            startSession(answer);
            dispatch({ type: 'reviewed' });
            goTo(paths.profile(answer.user.userId));
          }}
        />
      );
    case 'complete':
      return <MessageStep title={texts.complete.title} />;
    case 'adminNotApproved':
      return tell(texts.adminNotApproved, paths.home);
    case 'awaitingLogin':
      return tell(texts.awaitingLogin, paths.signIn);
  }
}
