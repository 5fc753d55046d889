import type { IdeaValues } from '@kindling/contract';
import { type ReactNode, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import styles from '../IdeaForm.module.css';
import type { IdeaFormValues } from '../ideaFormRules.ts';

/** The idea form as its sections receive it. */
export type IdeaFormApi = UseFormReturn<IdeaFormValues, unknown, IdeaValues>;

interface IdeaFormSectionProps {
  title: string;
  lead?: string;
  children: ReactNode;
}

/** One titled part of the idea form. */
export function IdeaFormSection({ title, lead, children }: IdeaFormSectionProps) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {lead && <p className={styles.sectionLead}>{lead}</p>}
      </div>
      {children}
    </section>
  );
}
