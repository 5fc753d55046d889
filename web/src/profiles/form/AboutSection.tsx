import { limits } from '@kindling/contract';
import { useFormState, useWatch } from 'react-hook-form';
import { CountedTextField } from '../../forms/CountedTextField.tsx';
import {
  type ProfileFieldTexts,
  type ProfileFormApi,
  ProfileFormSection,
} from './ProfileFormSection.tsx';

interface AboutSectionProps {
  title: string;
  fields: ProfileFieldTexts;
  form: ProfileFormApi;
}

/** The bio, with its n/1000 counter; what goes past the limit is cut (SPEC §5). */
export function AboutSection({ title, fields, form }: AboutSectionProps) {
  const bio = useWatch({ control: form.control, name: 'bio' });
  const { errors } = useFormState({ control: form.control, name: 'bio' });
  return (
    <ProfileFormSection title={title}>
      <CountedTextField
        label={fields.bio.label}
        placeholder={fields.bio.placeholder}
        description={fields.bio.description}
        max={limits.bio}
        value={bio ?? ''}
        rows={8}
        required
        registration={form.register('bio')}
        error={errors.bio?.message}
      />
    </ProfileFormSection>
  );
}
