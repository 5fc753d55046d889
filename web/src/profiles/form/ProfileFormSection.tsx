import type { Branding } from '@kindling/contract';
import { type ReactNode, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import styles from '../ProfileForm.module.css';
import type { ProfileFormOutput, ProfileFormValues } from '../profileFormValues.ts';

/** The profile form as its sections receive it. */
export type ProfileFormApi = UseFormReturn<ProfileFormValues, unknown, ProfileFormOutput>;

/** The tenant's words for the form's fields (SPEC §3 Tenant.branding.profileScreen). */
export type ProfileFieldTexts = Branding['profileScreen']['fields'];

/** One titled part of the profile form; the title is the tenant's, like the labels. */
export function ProfileFormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
