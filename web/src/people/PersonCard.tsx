import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { periodLabel } from '../profiles/periods.ts';
import { Highlights } from '../search/Highlight.tsx';
import styles from './PersonCard.module.css';
import { PersonPhoto } from './PersonPhoto.tsx';
import type { PeoplePage } from './peopleApi.ts';
import { RoleIcon } from './RoleIcon.tsx';

type Person = PeoplePage['users'][number] & { highlights?: string[] | undefined };

/**
 * A member in the directory (SPEC §2 People); the whole card opens their profile. Found by a
 * keyword, it shows where the keyword matched (CONTRACT §7).
 */
export function PersonCard({ person }: { person: Person }) {
  const name = `${person.first_name} ${person.last_name}`;
  const place = [person.school_name, person.department_name].filter(Boolean).join(' · ');
  return (
    <article className={styles.card}>
      <div className={styles.head}>
        <PersonPhoto name={name} imageUrl={person.profile_image_url} size="medium" />
        <div className={styles.identity}>
          <h2 className={styles.name}>
            <Link className={styles.link} to={paths.profile(person.id)}>
              {name}
            </Link>
          </h2>
          {person.headline && <p className={styles.headline}>{person.headline}</p>}
          <p className={styles.role}>
            <RoleIcon icon={person.role_icon} width={16} height={16} />
            {person.role_name}
          </p>
        </div>
      </div>
      {place && <p className={styles.place}>{place}</p>}
      <Highlights excerpts={person.highlights} />
      {person.experiences.length > 0 && (
        <div className={styles.experience}>
          <h3 className={styles.experienceTitle}>Recent experience</h3>
          <ul className={styles.experienceList}>
            {person.experiences.map((entry, index) => {
              const period = periodLabel(entry.start_date, entry.end_date);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never reorder here
                <li key={index} className={styles.entry}>
                  <span className={styles.entryTitle}>{entry.title}</span>
                  <span className={styles.entryMeta}>
                    {[entry.organization, period].filter(Boolean).join(' · ')}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </article>
  );
}
