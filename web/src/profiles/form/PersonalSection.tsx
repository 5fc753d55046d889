import { useFormState } from 'react-hook-form';
import fieldStyles from '../../forms/Field.module.css';
import { FieldShell } from '../../forms/FieldShell.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { PhotoField } from '../PhotoField.tsx';
import styles from '../ProfileForm.module.css';
import type { UserProfile } from '../profileApi.ts';
import {
  type ProfileFieldTexts,
  type ProfileFormApi,
  ProfileFormSection,
} from './ProfileFormSection.tsx';

interface PersonalSectionProps {
  title: string;
  fields: ProfileFieldTexts;
  form: ProfileFormApi;
  profile: UserProfile;
  photo: File | null;
  onPhoto(file: File | null): void;
  photoProblem: string | null;
}

/** Name, e-mail (shown, not edited) and photo. */
export function PersonalSection({
  title,
  fields,
  form,
  profile,
  photo,
  onPhoto,
  photoProblem,
}: PersonalSectionProps) {
  const { errors } = useFormState({ control: form.control });
  return (
    <ProfileFormSection title={title}>
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
        <FieldShell label={fields.email.label} description={fields.email.description}>
          {(control) => (
            <input
              {...control}
              className={`${fieldStyles.input} ${styles.readOnly}`}
              type="email"
              value={profile.email}
              readOnly
            />
          )}
        </FieldShell>
        <div className={styles.wide}>
          <PhotoField
            label={fields.photo.label}
            placeholder={fields.photo.placeholder}
            description={fields.photo.description}
            userId={profile.id}
            name={`${profile.first_name} ${profile.last_name}`}
            savedUrl={profile.profile_image_url}
            photo={photo}
            onPhoto={onPhoto}
            error={photoProblem}
          />
        </div>
      </div>
    </ProfileFormSection>
  );
}
