import type { IdeaPerson } from '@kindling/contract';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { MailIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './ContactsCard.module.css';
import { canContact, contactHref } from './contactMail.ts';
import { RoleIcon } from './ideaIcons.tsx';
import { fullName } from './ideaText.ts';

function Contact({ person, part }: { person: IdeaPerson; part: string }) {
  const { user } = useAuth();
  const { branding } = useTenant();
  const name = fullName(person);
  return (
    <li className={styles.person}>
      <p className={styles.part}>{part}</p>
      <div className={styles.identity}>
        <Avatar name={name} imageUrl={person.profile_image_url} />
        <div className={styles.who}>
          <Link className={styles.name} to={paths.profile(person.id)}>
            {name}
          </Link>
          {person.position && <span className={styles.position}>{person.position}</span>}
          <span className={styles.role}>
            <RoleIcon icon={person.role_icon} width={14} height={14} />
            {person.role_name}
          </span>
        </div>
      </div>
      {user && canContact(person, user.userId) && (
        <a
          className={styles.contact}
          href={contactHref(person, branding.contact, user.name)}
          aria-label={`Contact ${name}`}
        >
          <MailIcon width={16} height={16} />
          Contact
        </a>
      )}
    </li>
  );
}

/** SPEC §2 contacts card: who leads the idea, and a way to write to them. */
export function ContactsCard({
  investigator,
  caseManager,
}: {
  investigator: IdeaPerson;
  caseManager: IdeaPerson | null;
}) {
  return (
    <section className={styles.card} aria-labelledby="idea-contacts">
      <h2 id="idea-contacts" className={styles.title}>
        Contacts
      </h2>
      <ul className={styles.list}>
        <Contact person={investigator} part="Principal investigator" />
        {caseManager && <Contact person={caseManager} part="Case manager" />}
      </ul>
    </section>
  );
}
