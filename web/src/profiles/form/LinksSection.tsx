import { useFormState } from 'react-hook-form';
import { TextField } from '../../forms/TextField.tsx';
import styles from '../ProfileForm.module.css';
import type { formShapeOf } from '../profileFormValues.ts';
import {
  type ProfileFieldTexts,
  type ProfileFormApi,
  ProfileFormSection,
} from './ProfileFormSection.tsx';

interface LinksSectionProps {
  title: string;
  fields: ProfileFieldTexts;
  form: ProfileFormApi;
  shape: ReturnType<typeof formShapeOf>;
}

/** The Google Scholar link where the role has one, and the LinkedIn link. */
export function LinksSection({ title, fields, form, shape }: LinksSectionProps) {
  const { errors } = useFormState({ control: form.control });
  return (
    <ProfileFormSection title={title}>
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
    </ProfileFormSection>
  );
}
