import { doiUrl } from '@kindling/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { formatLongDate } from '../format/dates.ts';
import styles from './ProfilePage.module.css';
import { durationLabel, periodLabel } from './periods.ts';
import type { UserProfile } from './profileApi.ts';

const numbers = new Intl.NumberFormat('en-US');

export function Section({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <header className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** The sections of SPEC §2 Profile that have something to show, in the order of the SPEC. */
export function ProfileSections({ profile }: { profile: UserProfile }) {
  return (
    <>
      {profile.education.length > 0 && (
        <Section title="Education">
          <ul className={styles.entries}>
            {profile.education.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a save re-renders them all
              <li key={index} className={styles.entry}>
                <h3 className={styles.entryTitle}>{entry.institution}</h3>
                <p className={styles.entryMeta}>
                  {join(
                    entry.degree,
                    entry.start_year || entry.end_year
                      ? [entry.start_year, entry.end_year].filter(Boolean).join(' – ')
                      : null,
                  )}
                </p>
                {entry.activities && <p className={styles.entryText}>{entry.activities}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {profile.most_recent_experience.length > 0 && (
        <Section title="Experience">
          <ul className={styles.entries}>
            {profile.most_recent_experience.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a save re-renders them all
              <li key={index} className={styles.entry}>
                <h3 className={styles.entryTitle}>{entry.title}</h3>
                <p className={styles.entryMeta}>
                  {join(entry.organization, entry.employment_type)}
                </p>
                <p className={styles.entryDates}>
                  {join(
                    periodLabel(entry.start_date, entry.end_date),
                    durationLabel(entry.start_date, entry.end_date),
                  )}
                </p>
                {entry.description && <p className={styles.entryText}>{entry.description}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {profile.patents.length > 0 && (
        <Section title="Patents">
          <ul className={styles.entries}>
            {profile.patents.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a save re-renders them all
              <li key={index} className={styles.entry}>
                <h3 className={styles.entryTitle}>{entry.title}</h3>
                <p className={styles.entryMeta}>
                  {join(
                    entry.patent_number,
                    entry.issue_date ? `Issued ${formatLongDate(entry.issue_date)}` : null,
                  )}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {profile.projects.length > 0 && (
        <Section title="Projects">
          <ul className={styles.entries}>
            {profile.projects.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a save re-renders them all
              <li key={index} className={styles.entry}>
                <h3 className={styles.entryTitle}>{entry.title}</h3>
                <p className={styles.entryDates}>{periodLabel(entry.start_date, entry.end_date)}</p>
                {entry.description && <p className={styles.entryText}>{entry.description}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {profile.publications.length > 0 && (
        <Section
          title="Publications"
          aside={
            <p className={styles.citations}>
              <strong>{numbers.format(profile.total_citations)}</strong>{' '}
              {profile.total_citations === 1 ? 'citation' : 'citations'}
              {profile.oldest_publication_year !== null &&
                ` since ${profile.oldest_publication_year}`}
            </p>
          }
        >
          <ul className={styles.entries}>
            {profile.publications.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a save re-renders them all
              <li key={index} className={styles.entry}>
                <h3 className={styles.entryTitle}>
                  {entry.url ? (
                    <a
                      className={styles.entryLink}
                      href={entry.url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {entry.title}
                    </a>
                  ) : (
                    entry.title
                  )}
                </h3>
                {entry.authors && <p className={styles.entryText}>{entry.authors}</p>}
                <p className={styles.entryMeta}>
                  {join(
                    entry.venue,
                    entry.year === null ? null : String(entry.year),
                    entry.citations === null ? null : `Cited by ${numbers.format(entry.citations)}`,
                  )}
                </p>
                {entry.doi && (
                  <p className={styles.entryDates}>
                    <a
                      className={styles.entryLink}
                      href={doiUrl(entry.doi)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      https://doi.org/{entry.doi}
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {profile.grants.length > 0 && (
        <Section title="Grants">
          <ul className={styles.entries}>
            {profile.grants.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a save re-renders them all
              <li key={index} className={styles.entry}>
                <h3 className={styles.entryTitle}>{entry.title}</h3>
                <p className={styles.entryMeta}>{join(entry.organization, entry.grant_number)}</p>
                {entry.description && <p className={styles.entryText}>{entry.description}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

/** The member's ideas, each opening its page (SPEC §2). */
export function ProfileIdeas({ ideas }: { ideas: UserProfile['ideas'] }) {
  if (ideas.length === 0) return null;
  return (
    <Section title="Ideas">
      <ul className={styles.ideas}>
        {ideas.map((idea) => (
          <li key={idea.id}>
            <Link className={styles.idea} to={paths.idea(idea.id)}>
              <span className={styles.ideaTitle}>{idea.title}</span>
              <span className={styles.ideaDate}>Posted {formatLongDate(idea.created_at)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
