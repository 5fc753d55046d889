import { type ProfileSection, sectionLimitMessage, sectionLimits } from '@kindling/contract';
import { type FieldError, type FieldPath, useFormState } from 'react-hook-form';
import { EntryList } from '../../forms/EntryList.tsx';
import fieldStyles from '../../forms/Field.module.css';
import { FieldShell } from '../../forms/FieldShell.tsx';
import styles from '../ProfileForm.module.css';
import type { ProfileFormValues, SectionValues } from '../profileFormValues.ts';
import { type ProfileFormApi, ProfileFormSection } from './ProfileFormSection.tsx';

interface EntryField<Section extends ProfileSection> {
  key: keyof SectionValues[Section][number] & string;
  label: string;
  kind?: 'year' | 'count' | 'date' | 'url' | 'area';
  required?: boolean;
  wide?: boolean;
  description?: string;
}

interface SectionForm<Section extends ProfileSection> {
  title: string;
  noun: string;
  lead?: string;
  /** Experience is shown newest first whatever order it is typed in (CONTRACT §10). */
  reorder: boolean;
  fields: EntryField<Section>[];
}

/** Each section's entries and their fields, with the contract's labels (its messages name them). */
const sectionForms: { [Section in ProfileSection]: SectionForm<Section> } = {
  education: {
    title: 'Education',
    noun: 'education',
    reorder: true,
    fields: [
      { key: 'institution', label: 'Institution', required: true, wide: true },
      { key: 'degree', label: 'Degree', wide: true },
      { key: 'start_year', label: 'Start year', kind: 'year' },
      { key: 'end_year', label: 'End year', kind: 'year' },
      { key: 'activities', label: 'Activities', kind: 'area', wide: true },
    ],
  },
  most_recent_experience: {
    title: 'Experience',
    noun: 'position',
    lead: 'Shown newest first. Leave the end date empty for a position you hold now.',
    reorder: false,
    fields: [
      { key: 'title', label: 'Title', required: true, wide: true },
      { key: 'organization', label: 'Organization' },
      { key: 'employment_type', label: 'Employment type' },
      { key: 'start_date', label: 'Start date', kind: 'date' },
      { key: 'end_date', label: 'End date', kind: 'date' },
      { key: 'description', label: 'Description', kind: 'area', wide: true },
    ],
  },
  patents: {
    title: 'Patents',
    noun: 'patent',
    reorder: true,
    fields: [
      { key: 'title', label: 'Title', required: true, wide: true },
      { key: 'patent_number', label: 'Patent number' },
      { key: 'issue_date', label: 'Issue date', kind: 'date' },
    ],
  },
  projects: {
    title: 'Projects',
    noun: 'project',
    reorder: true,
    fields: [
      { key: 'title', label: 'Title', required: true, wide: true },
      { key: 'start_date', label: 'Start date', kind: 'date' },
      { key: 'end_date', label: 'End date', kind: 'date' },
      { key: 'description', label: 'Description', kind: 'area', wide: true },
    ],
  },
  publications: {
    title: 'Publications',
    noun: 'publication',
    reorder: true,
    fields: [
      { key: 'title', label: 'Title', required: true, wide: true },
      { key: 'authors', label: 'Authors', wide: true },
      { key: 'venue', label: 'Venue', wide: true, description: 'The journal, conference or book.' },
      { key: 'year', label: 'Year', kind: 'year' },
      { key: 'citations', label: 'Citations', kind: 'count' },
      { key: 'doi', label: 'DOI', description: 'Such as 10.1000/xyz123, or its doi.org link.' },
      { key: 'url', label: 'URL', kind: 'url' },
    ],
  },
  grants: {
    title: 'Grants',
    noun: 'grant',
    reorder: true,
    fields: [
      { key: 'title', label: 'Title', required: true, wide: true },
      { key: 'organization', label: 'Organization' },
      { key: 'grant_number', label: 'Grant number' },
      { key: 'description', label: 'Description', kind: 'area', wide: true },
    ],
  },
};

type SectionErrors = (Record<string, FieldError | undefined> | undefined)[] & {
  root?: FieldError;
  message?: string;
};

/**
 * More entries than this open as summaries, each with its fields behind Edit, the first PAGE of
 * them drawn until "Show all" (decision 0043).
 */
const COLLAPSE_AFTER = 10;
const PAGE = 20;

const inputProps = {
  year: { type: 'text', inputMode: 'numeric', autoComplete: 'off' },
  count: { type: 'text', inputMode: 'numeric', autoComplete: 'off' },
  date: { type: 'date' },
  url: { type: 'url', inputMode: 'url', placeholder: 'https://' },
} as const;

/** One section of the profile as entries to add, edit, remove and reorder. */
export function EntrySection<Section extends ProfileSection>({
  section,
  title,
  form,
}: {
  section: Section;
  /** The tenant's own title where it has one. */
  title?: string | undefined;
  form: ProfileFormApi;
}) {
  const { noun, lead, reorder, fields, ...texts } = sectionForms[section] as SectionForm<Section>;
  const errors = useFormState({ control: form.control, name: section }).errors[section] as
    | SectionErrors
    | undefined;
  const blank = Object.fromEntries(fields.map((field) => [field.key, ''])) as never;
  const [first, ...rest] = fields;
  // Read when the line is drawn, so a closed entry's line shows what was typed in it.
  const summary = (index: number) => {
    const entry = (form.getValues(`${section}.${index}` as FieldPath<ProfileFormValues>) ??
      {}) as Record<string, string | undefined>;
    const detail = rest
      .filter((field) => field.kind !== 'area' && field.kind !== 'url')
      .map((field) => entry[field.key]?.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' · ');
    return { title: (first && entry[first.key]?.trim()) || '', detail };
  };
  return (
    <ProfileFormSection title={title ?? texts.title}>
      {lead && <p className={styles.sectionLead}>{lead}</p>}
      <EntryList
        control={form.control}
        name={section}
        noun={noun}
        blank={blank}
        max={sectionLimits[section]}
        limitMessage={sectionLimitMessage(texts.title, sectionLimits[section])}
        addLabel={`Add ${noun}`}
        reorder={reorder}
        error={errors?.root?.message ?? errors?.message}
        collapseAfter={COLLAPSE_AFTER}
        pageSize={PAGE}
        summary={summary}
        hasError={(index) => errors?.[index] !== undefined}
      >
        {(index) => (
          <div className={styles.grid}>
            {fields.map((field) => {
              const path = `${section}.${index}.${field.key}` as FieldPath<ProfileFormValues>;
              return (
                <FieldShell
                  key={field.key}
                  label={field.label}
                  required={field.required}
                  description={field.description}
                  error={errors?.[index]?.[field.key]?.message}
                  className={field.wide ? styles.wide : undefined}
                >
                  {(control) =>
                    field.kind === 'area' ? (
                      <textarea
                        rows={3}
                        className={`${fieldStyles.input} ${fieldStyles.textarea}`}
                        {...control}
                        {...form.register(path)}
                      />
                    ) : (
                      <input
                        type="text"
                        className={fieldStyles.input}
                        {...(field.kind ? inputProps[field.kind] : {})}
                        {...control}
                        {...form.register(path)}
                      />
                    )
                  }
                </FieldShell>
              );
            })}
          </div>
        )}
      </EntryList>
    </ProfileFormSection>
  );
}
