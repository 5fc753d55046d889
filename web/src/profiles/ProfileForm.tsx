import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { sessionQueryKey } from '../auth/session.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { Screen } from '../shell/Screen.tsx';
import { useStaggered } from '../shell/useStaggered.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { AboutSection } from './form/AboutSection.tsx';
import { AffiliationSection } from './form/AffiliationSection.tsx';
import { EntrySection } from './form/EntrySections.tsx';
import { LinksSection } from './form/LinksSection.tsx';
import { OrcidSection } from './form/OrcidSection.tsx';
import { PersonalSection } from './form/PersonalSection.tsx';
import { useSavedProfileFollowed } from './form/useSavedProfileFollowed.ts';
import styles from './ProfileForm.module.css';
import { profileQueryKey, saveProfile, type UserProfile, uploadPhoto } from './profileApi.ts';
import {
  formShapeOf,
  formValuesOf,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileBodyOf,
  profileSections,
} from './profileFormValues.ts';
import { photoUploadProblem, profileSaveProblem } from './profileProblems.ts';

const SavedDialog = lazy(() =>
  import('./SavedDialog.tsx').then((m) => ({ default: m.SavedDialog })),
);

/** A failed photo upload, told apart from a failed save because SPEC §8 words it differently. */
class PhotoUploadFailed extends Error {}

/** SPEC §2 Update profile: the member's own profile, with the tenant's texts; `after` follows it. */
export function ProfileForm({ profile, after }: { profile: UserProfile; after?: ReactNode }) {
  const { branding } = useTenant();
  const texts = branding.profileScreen;
  const { fields, sections } = texts;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const top = useRef<HTMLDivElement>(null);
  const formId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<UserProfile | null>(null);

  const shape = useMemo(() => formShapeOf(profile), [profile]);
  const schema = useMemo(
    () =>
      lazyResolver<ProfileFormValues, ProfileFormOutput>(() =>
        import('./profileFormSchema.ts').then((m) =>
          m.profileFormResolver(formShapeOf(profile), {
            linkedin: fields.linkedin.label,
            googleScholar: fields.googleScholar.label,
          }),
        ),
      ),
    [profile, fields.linkedin.label, fields.googleScholar.label],
  );

  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: schema.resolver,
    defaultValues: formValuesOf(profile),
  });
  const showsSaved = useSavedProfileFollowed(form, profile);

  const { submit, problem, pending } = useFormMutation(form, {
    send: async (values: ProfileFormOutput) => {
      setPhotoProblem(null);
      let photoUrl: string | null = null;
      if (photo) {
        photoUrl = await uploadPhoto(profile.id, photo).catch((error: unknown) => {
          throw new PhotoUploadFailed(photoUploadProblem(error));
        });
      }
      return saveProfile(profile.id, profileBodyOf(values, profile, photoUrl));
    },
    saved: (answer) => {
      // The form takes the answer itself, below: nothing of it is an edit to keep.
      showsSaved(answer);
      queryClient.setQueryData(profileQueryKey(profile.id), answer);
      // The header's name and photo come from the session's user details.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      setPhoto(null);
      form.reset(formValuesOf(answer));
      setSaved(answer);
    },
    problem: (error) =>
      error instanceof PhotoUploadFailed ? error.message : profileSaveProblem(error).message,
    // An entry's field (`grants.0.title`) is shown beside it like any other; the photo has its own.
    failed: (error) => {
      const photoField = profileSaveProblem(error).fields.find(
        (detail) => detail.field === 'profile_image_url',
      );
      if (photoField) setPhotoProblem(photoField.error);
      // SPEC §8: a failed save goes back to the top, where its message is.
      top.current?.scrollIntoView({ block: 'start' });
    },
    invalid: () => {
      // The first message is brought into view even when its control cannot take focus.
      requestAnimationFrame(() =>
        document
          .querySelector(`#${CSS.escape(formId)} [aria-invalid="true"]`)
          ?.scrollIntoView({ block: 'center' }),
      );
    },
  });

  const actions = (
    <>
      <Link className={buttons.secondary} to={paths.profile(profile.id)}>
        {texts.actions.cancelButton}
      </Link>
      <button
        type="submit"
        className={buttons.primary}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending && <span className={styles.spinner} aria-hidden="true" />}
        {pending ? texts.actions.savingButton : texts.actions.saveButton}
      </button>
    </>
  );

  // Kept from render to render: each staggered step re-renders this form, and the sections it
  // already shows, given the same elements, are then not rendered again (the steps grew with
  // every section shown, up to 200 ms a step on Lighthouse's phone).
  const parts = useMemo(
    () => [
      <PersonalSection
        key="personal"
        title={sections.personal}
        fields={fields}
        form={form}
        profile={profile}
        photo={photo}
        onPhoto={(file) => {
          setPhoto(file);
          setPhotoProblem(null);
        }}
        photoProblem={photoProblem}
      />,
      <AffiliationSection
        key="affiliation"
        title={sections.affiliation}
        fields={fields}
        form={form}
        profile={profile}
      />,
      <AboutSection key="about" title={sections.about} fields={fields} form={form} />,
      <LinksSection key="links" title={sections.links} fields={fields} form={form} shape={shape} />,
      <OrcidSection key="orcid" profile={profile} />,
      ...profileSections.map((section) => (
        <EntrySection
          key={section}
          section={section}
          title={section === 'grants' ? sections.grants : undefined}
          form={form}
        />
      )),
    ],
    [sections, fields, form, profile, photo, photoProblem, shape],
  );
  // The first screenful at once, the rest a section per task; what follows the sections (the
  // bottom actions, `after`) waits for the last, so nothing already shown moves down.
  const shown = useStaggered(parts.length, 2);
  const complete = shown === parts.length;

  return (
    <>
      {/* The schema, and zod with it, loads as the member comes to a field, not with the screen:
          evaluating it was among the screen's long tasks after its first paint (decision 0054).
          A save before it arrives waits for it. */}
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        onFocus={schema.preload}
        className={styles.form}
      >
        <div ref={top} className={styles.top} />
        <Screen title={texts.title} lead={texts.updateDetails} actions={actions}>
          {problem && (
            <div className={styles.alert}>
              <FormAlert message={[problem]} />
            </div>
          )}
          <div className={styles.sections}>{parts.slice(0, shown)}</div>
          {complete && <div className={styles.bottomActions}>{actions}</div>}
        </Screen>
        {saved && (
          <Suspense fallback={null}>
            <SavedDialog
              name={`${saved.first_name} ${saved.last_name}`}
              imageUrl={saved.profile_image_url}
              texts={texts.success}
              onViewProfile={() => navigate(paths.profile(profile.id))}
              onClose={() => setSaved(null)}
            />
          </Suspense>
        )}
      </form>
      {complete && after}
    </>
  );
}
