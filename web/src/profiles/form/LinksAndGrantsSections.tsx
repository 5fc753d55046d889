import { useFieldArray } from 'react-hook-form';
import { TextField } from '../../forms/TextField.tsx';
import buttons from '../../shell/buttons.module.css';
import { PlusIcon } from '../../shell/screenIcons.tsx';
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
  const { errors } = form.formState;
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

const emptyGrant = { title: '', organization: '', grant_number: '', description: '' };

/** The member's grants, any number of them. */
export function GrantsSection({ title, form }: { title: string; form: ProfileFormApi }) {
  const grants = useFieldArray({ control: form.control, name: 'grants' });
  const errors = form.formState.errors.grants;
  return (
    <ProfileFormSection title={title}>
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
                    error={errors?.[index]?.title?.message}
                  />
                </div>
                <TextField
                  label="Organization"
                  registration={form.register(`grants.${index}.organization`)}
                  error={errors?.[index]?.organization?.message}
                />
                <TextField
                  label="Grant number"
                  registration={form.register(`grants.${index}.grant_number`)}
                  error={errors?.[index]?.grant_number?.message}
                />
                <div className={styles.wide}>
                  <TextField
                    label="Description"
                    registration={form.register(`grants.${index}.description`)}
                    error={errors?.[index]?.description?.message}
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
    </ProfileFormSection>
  );
}
