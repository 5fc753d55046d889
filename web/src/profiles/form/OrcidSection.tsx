import { scholarlyMessages } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { lazyResolver } from '../../forms/lazyResolver.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useFormMutation } from '../../forms/useFormMutation.ts';
import buttons from '../../shell/buttons.module.css';
import styles from '../ProfileForm.module.css';
import { profileQueryKey, saveOrcid, type UserProfile } from '../profileApi.ts';
import { profileSaveProblem } from '../profileProblems.ts';
import { ProfileFormSection } from './ProfileFormSection.tsx';

const resolver = lazyResolver<{ orcid: string }, { orcid: string | null }>(() =>
  import('./orcidFormSchema.ts').then((m) => m.orcidFormResolver),
);

/** How a link through ORCID's sign-in ended, as the server's redirect says (`?orcid=`). */
const linkOutcomes: Record<string, { message: string; ok: boolean }> = {
  linked: { message: 'Your ORCID iD is linked and verified.', ok: true },
  taken: { message: scholarlyMessages.orcidTaken, ok: false },
  failed: { message: 'Linking with ORCID did not finish. Please try again.', ok: false },
};

/**
 * The member's ORCID iD (CONTRACT §10), saved on its own (PUT /profiles/{id}/orcid) rather than
 * with the form: typed, it is unverified; "Link with ORCID" takes the member through ORCID's own
 * sign-in, which verifies it, where the deployment has ORCID credentials.
 */
export function OrcidSection({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const outcome = linkOutcomes[params.get('orcid') ?? ''];
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<{ orcid: string }, unknown, { orcid: string | null }>({
    resolver: resolver.resolver,
    defaultValues: { orcid: profile.orcid ?? '' },
  });
  const { errors } = form.formState;

  const {
    submit: save,
    problem,
    pending,
  } = useFormMutation(form, {
    send: ({ orcid }: { orcid: string | null }) => {
      setStatus(null);
      return saveOrcid(profile.id, orcid);
    },
    saved: (answer) => {
      queryClient.setQueryData(profileQueryKey(profile.id), answer);
      form.reset({ orcid: answer.orcid ?? '' });
      setStatus(answer.orcid ? 'Your ORCID iD is saved.' : 'Your ORCID iD is removed.');
    },
    // The iD's own failure is shown under it, and then nowhere else.
    problem: (error) => {
      const failure = profileSaveProblem(error);
      return failure.fields.some((detail) => detail.field === 'orcid') ? null : failure.message;
    },
    fieldOf: (field) => (field === 'orcid' ? 'orcid' : null),
  });

  return (
    <ProfileFormSection title="ORCID iD">
      {outcome && !status && !problem && (
        <div className={styles.alert}>
          {outcome.ok ? (
            <p role="status">{outcome.message}</p>
          ) : (
            <FormAlert message={[outcome.message]} />
          )}
        </div>
      )}
      {problem && (
        <div className={styles.alert}>
          <FormAlert message={[problem]} />
        </div>
      )}
      <div className={styles.orcid}>
        <TextField
          label="ORCID iD"
          placeholder="0000-0002-1825-0097"
          description={
            profile.orcid && profile.orcid_verified
              ? 'Verified through ORCID’s sign-in. A typed iD is unverified.'
              : 'Type your iD, or link it through ORCID’s sign-in to have it verified.'
          }
          autoComplete="off"
          spellCheck={false}
          registration={form.register('orcid')}
          error={errors.orcid?.message}
          // Its schema loads as the member comes to the iD, as the profile form's does.
          onFocus={resolver.preload}
          onKeyDown={(event) => {
            // The field sits inside the profile form: Enter saves the iD, not the whole profile.
            if (event.key === 'Enter') {
              event.preventDefault();
              void save();
            }
          }}
        />
        <div className={styles.orcidActions}>
          <button
            type="button"
            className={buttons.secondary}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => void save()}
          >
            Save iD
          </button>
          {profile.orcid_sign_in && (
            <a className={buttons.secondary} href="/api/v1/orcid/link">
              Link with ORCID
            </a>
          )}
        </div>
        {status && <p role="status">{status}</p>}
      </div>
    </ProfileFormSection>
  );
}
