import { limits } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { sessionQueryKey } from '../auth/session.ts';
import fieldStyles from '../forms/Field.module.css';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { TextField } from '../forms/TextField.tsx';
import { pickable } from '../lookups/pickable.ts';
import { ClearableSelect } from '../people/ClearableSelect.tsx';
import buttons from '../shell/buttons.module.css';
import { Screen } from '../shell/Screen.tsx';
import { PlusIcon } from '../shell/screenIcons.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { PhotoField } from './PhotoField.tsx';
import styles from './ProfileForm.module.css';
import { profileQueryKey, saveProfile, type UserProfile, uploadPhoto } from './profileApi.ts';
import {
  formShapeOf,
  formValuesOf,
  type ProfileFormValues,
  profileBodyOf,
} from './profileFormValues.ts';
import { photoUploadProblem, profileSaveProblem } from './profileProblems.ts';

const SavedDialog = lazy(() =>
  import('./SavedDialog.tsx').then((m) => ({ default: m.SavedDialog })),
);

/** A failed photo upload, told apart from a failed save because SPEC §8 words it differently. */
class PhotoUploadFailed extends Error {}

const emptyGrant = { title: '', organization: '', grant_number: '', description: '' };

/** SPEC §2 Update profile: the member's own profile, with the tenant's texts. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { branding } = useTenant();
  const texts = branding.profileScreen;
  const fields = texts.fields;
  const roles = usePersisted('roles');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const top = useRef<HTMLDivElement>(null);
  const formId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<UserProfile | null>(null);

  const shape = formShapeOf(profile);
  const schema = useMemo(
    () =>
      lazyResolver<ProfileFormValues, ProfileFormValues>(() =>
        import('./profileFormSchema.ts').then((m) =>
          m.profileFormResolver(formShapeOf(profile), {
            linkedin: fields.linkedin.label,
            googleScholar: fields.googleScholar.label,
          }),
        ),
      ),
    [profile, fields.linkedin.label, fields.googleScholar.label],
  );
  useEffect(schema.preload, []);

  const form = useForm<ProfileFormValues, unknown, ProfileFormValues>({
    resolver: schema.resolver,
    defaultValues: formValuesOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  const grants = useFieldArray({ control: form.control, name: 'grants' });
  const schoolId = form.watch('school_id');
  // A school or department deactivated since it was saved stays on offer, marked; no other does.
  const schoolDepartments = pickable(departments, [profile.department_id]).filter(
    (d) => d.school_id === schoolId,
  );

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      setPhotoProblem(null);
      try {
        let photoUrl: string | null = null;
        if (photo) {
          photoUrl = await uploadPhoto(profile.id, photo).catch((error: unknown) => {
            throw new PhotoUploadFailed(photoUploadProblem(error));
          });
        }
        const answer = await saveProfile(profile.id, profileBodyOf(values, profile, photoUrl));
        queryClient.setQueryData(profileQueryKey(profile.id), answer);
        // The header's name and photo come from the session's user details.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        setPhoto(null);
        form.reset(formValuesOf(answer));
        setSaved(answer);
      } catch (error) {
        const failure =
          error instanceof PhotoUploadFailed
            ? { message: error.message, fields: [] }
            : profileSaveProblem(error);
        for (const { field, error: message } of failure.fields) {
          if (field === 'profile_image_url') setPhotoProblem(message);
          else if (field in form.getValues() || field.startsWith('grants.')) {
            form.setError(field as FieldPath<ProfileFormValues>, { message });
          }
        }
        setProblem(failure.message);
        // SPEC §8: a failed save goes back to the top, where its message is.
        top.current?.scrollIntoView({ block: 'start' });
      }
    },
    () => {
      // The first message is brought into view even when its control cannot take focus.
      requestAnimationFrame(() =>
        document
          .querySelector(`#${CSS.escape(formId)} [aria-invalid="true"]`)
          ?.scrollIntoView({ block: 'center' }),
      );
    },
  );

  const actions = (
    <>
      <Link className={buttons.secondary} to={paths.profile(profile.id)}>
        {texts.actions.cancelButton}
      </Link>
      <button
        type="submit"
        className={buttons.primary}
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        {isSubmitting && <span className={styles.spinner} aria-hidden="true" />}
        {isSubmitting ? texts.actions.savingButton : texts.actions.saveButton}
      </button>
    </>
  );
  const name = `${profile.first_name} ${profile.last_name}`;

  return (
    <form id={formId} noValidate onSubmit={submit} className={styles.form}>
      <div ref={top} className={styles.top} />
      <Screen title={texts.title} lead={texts.updateDetails} actions={actions}>
        {problem && (
          <div className={styles.alert}>
            <FormAlert message={[problem]} />
          </div>
        )}
        <div className={styles.sections}>
          <section className={styles.section} aria-labelledby={`${formId}-personal`}>
            <h2 id={`${formId}-personal`} className={styles.sectionTitle}>
              Personal details
            </h2>
            <div className={styles.grid}>
              <TextField
                label={fields.firstName.label}
                placeholder={fields.firstName.placeholder}
                description={fields.firstName.description}
                autoComplete="given-name"
                required
                registration={form.register('first_name')}
                error={errors.first_name?.message}
              />
              <TextField
                label={fields.lastName.label}
                placeholder={fields.lastName.placeholder}
                description={fields.lastName.description}
                autoComplete="family-name"
                required
                registration={form.register('last_name')}
                error={errors.last_name?.message}
              />
              <ReadOnlyField
                label={fields.email.label}
                description={fields.email.description}
                value={profile.email}
              />
              <div className={styles.wide}>
                <PhotoField
                  label={fields.photo.label}
                  placeholder={fields.photo.placeholder}
                  description={fields.photo.description}
                  userId={profile.id}
                  name={name}
                  savedUrl={profile.profile_image_url}
                  photo={photo}
                  onPhoto={(file) => {
                    setPhoto(file);
                    setPhotoProblem(null);
                  }}
                  error={photoProblem}
                />
              </div>
            </div>
          </section>

          <section className={styles.section} aria-labelledby={`${formId}-work`}>
            <h2 id={`${formId}-work`} className={styles.sectionTitle}>
              Role and affiliation
            </h2>
            <div className={styles.grid}>
              <Controller
                control={form.control}
                name="role_id"
                render={({ field }) => (
                  <ClearableSelect
                    label={fields.role.label}
                    placeholder={fields.role.placeholder}
                    description={fields.role.description}
                    options={roles}
                    value={field.value}
                    onChange={field.onChange}
                    isDisabled
                    isRequired
                    clearable={false}
                    error={errors.role_id?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="school_id"
                render={({ field }) => (
                  <ClearableSelect
                    label={fields.school.label}
                    placeholder={fields.school.placeholder}
                    description={fields.school.description}
                    options={pickable(schools, [profile.school_id])}
                    value={field.value}
                    onChange={(id) => {
                      field.onChange(id);
                      const department = departments.find(
                        (d) => d.id === form.getValues('department_id'),
                      );
                      if (department?.school_id !== id) form.setValue('department_id', null);
                    }}
                    error={errors.school_id?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="department_id"
                render={({ field }) => (
                  <ClearableSelect
                    label={fields.department.label}
                    placeholder={fields.department.placeholder}
                    description={fields.department.description}
                    options={schoolDepartments}
                    value={field.value}
                    onChange={field.onChange}
                    isDisabled={schoolId === null}
                    error={errors.department_id?.message}
                  />
                )}
              />
              <TextField
                label={fields.position.label}
                placeholder={fields.position.placeholder}
                description={fields.position.description}
                autoComplete="organization-title"
                registration={form.register('headline')}
                error={errors.headline?.message}
              />
              <TextField
                label={fields.location.label}
                placeholder={fields.location.placeholder}
                description={fields.location.description}
                registration={form.register('location')}
                error={errors.location?.message}
              />
            </div>
          </section>

          <section className={styles.section} aria-labelledby={`${formId}-about`}>
            <h2 id={`${formId}-about`} className={styles.sectionTitle}>
              About you
            </h2>
            <Controller
              control={form.control}
              name="bio"
              render={({ field }) => (
                <BioField
                  label={fields.bio.label}
                  placeholder={fields.bio.placeholder}
                  description={fields.bio.description}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={errors.bio?.message}
                />
              )}
            />
          </section>

          <section className={styles.section} aria-labelledby={`${formId}-links`}>
            <h2 id={`${formId}-links`} className={styles.sectionTitle}>
              Links
            </h2>
            <div className={styles.grid}>
              {shape.showsScholar && (
                <TextField
                  label={fields.googleScholar.label}
                  placeholder={fields.googleScholar.placeholder}
                  description={fields.googleScholar.description}
                  type="url"
                  inputMode="url"
                  disabled={shape.scholarLocked}
                  registration={form.register('google_scholar_url')}
                  error={errors.google_scholar_url?.message}
                />
              )}
              <TextField
                label={fields.linkedin.label}
                placeholder={fields.linkedin.placeholder}
                description={fields.linkedin.description}
                type="url"
                inputMode="url"
                required={!shape.linkedinLocked}
                disabled={shape.linkedinLocked}
                registration={form.register('linkedin_url')}
                error={errors.linkedin_url?.message}
              />
            </div>
          </section>

          {shape.showsGrants && (
            <section className={styles.section} aria-labelledby={`${formId}-grants`}>
              <h2 id={`${formId}-grants`} className={styles.sectionTitle}>
                Grants
              </h2>
              <ol className={styles.grants}>
                {grants.fields.map((grant, index) => (
                  <li key={grant.id} className={styles.grant}>
                    <fieldset className={styles.grantFields}>
                      <legend className={styles.grantLegend}>Grant {index + 1}</legend>
                      <div className={styles.grid}>
                        <div className={styles.wide}>
                          <TextField
                            label="Title"
                            required
                            registration={form.register(`grants.${index}.title`)}
                            error={errors.grants?.[index]?.title?.message}
                          />
                        </div>
                        <TextField
                          label="Organization"
                          registration={form.register(`grants.${index}.organization`)}
                          error={errors.grants?.[index]?.organization?.message}
                        />
                        <TextField
                          label="Grant number"
                          registration={form.register(`grants.${index}.grant_number`)}
                          error={errors.grants?.[index]?.grant_number?.message}
                        />
                        <div className={styles.wide}>
                          <TextField
                            label="Description"
                            registration={form.register(`grants.${index}.description`)}
                            error={errors.grants?.[index]?.description?.message}
                          />
                        </div>
                      </div>
                      <button
                        type="button"
                        className={`${buttons.ghost} ${styles.remove}`}
                        onClick={() => grants.remove(index)}
                      >
                        Remove grant {index + 1}
                      </button>
                    </fieldset>
                  </li>
                ))}
              </ol>
              <button
                type="button"
                className={`${buttons.secondary} ${styles.add}`}
                onClick={() => grants.append(emptyGrant)}
              >
                <PlusIcon width={18} height={18} />
                Add grant
              </button>
            </section>
          )}
        </div>
        <div className={styles.bottomActions}>{actions}</div>
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
  );
}

function ReadOnlyField({
  label,
  description,
  value,
}: {
  label: string;
  description: string;
  value: string;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <p id={`${id}-description`} className={fieldStyles.description}>
        {description}
      </p>
      <input
        id={id}
        className={`${fieldStyles.input} ${styles.readOnly}`}
        type="email"
        value={value}
        readOnly
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}

interface BioFieldProps {
  label: string;
  placeholder: string;
  description: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  inputRef(element: HTMLTextAreaElement | null): void;
  error?: string | undefined;
}

/** The bio textarea with its n/1000 counter; what goes past the limit is cut (SPEC §5). */
function BioField({
  label,
  placeholder,
  description,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: BioFieldProps) {
  const id = useId();
  const describedBy = [`${id}-description`, `${id}-count`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        <span className={fieldStyles.required} aria-hidden="true">
          *
        </span>
      </label>
      <p id={`${id}-description`} className={fieldStyles.description}>
        {description}
      </p>
      <textarea
        id={id}
        ref={inputRef}
        className={`${fieldStyles.input} ${styles.textarea}`}
        rows={8}
        placeholder={placeholder}
        maxLength={limits.bio}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, limits.bio))}
        onBlur={onBlur}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div className={styles.below}>
        {error ? (
          <p id={`${id}-error`} className={fieldStyles.error}>
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={`${id}-count`}
          className={styles.count}
          data-full={value.length >= limits.bio || undefined}
        >
          {value.length}/{limits.bio}
        </p>
      </div>
    </div>
  );
}
