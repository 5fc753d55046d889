import { FACULTY_ROLE_ID, orcidUrl } from '@kindling/contract';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { PersonPhoto } from '../people/PersonPhoto.tsx';
import { RoleIcon } from '../people/RoleIcon.tsx';
import buttons from '../shell/buttons.module.css';
import { Icon, type IconProps } from '../shell/icons.tsx';
import { MailIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { contactHref, isContactable } from './contact.ts';
import styles from './ProfilePage.module.css';
import type { UserProfile } from './profileApi.ts';

const PinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

const PencilIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
  </Icon>
);

const ExternalIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

/** ORCID's iD icon, which its guidelines keep for iDs authenticated through ORCID's sign-in. */
const OrcidIdIcon = () => (
  <svg className={styles.orcidIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <circle cx="12" cy="12" r="12" fill="#A6CE39" />
    <path
      fill="#fff"
      d="M8.1 17.3H6.6V7.2h1.5v10.1Zm2.2-10.1h4.1c3.9 0 5.6 2.8 5.6 5.1 0 2.5-2 5.1-5.6 5.1h-4.1V7.2Zm1.5 8.8h2.4c3.4 0 4.2-2.6 4.2-3.7 0-1.9-1.2-3.7-4.2-3.7h-2.4V16ZM8.3 5.1a.9.9 0 1 1-1.9 0 .9.9 0 0 1 1.9 0Z"
    />
  </svg>
);

/** The member's ORCID iD as ORCID asks it shown: the full orcid.org address, the iD icon if verified. */
function OrcidLink({ orcid, verified }: { orcid: string; verified: boolean }) {
  return (
    <a className={styles.link} href={orcidUrl(orcid)} target="_blank" rel="noopener noreferrer">
      {verified && <OrcidIdIcon />}
      {orcidUrl(orcid)}
      {verified && <span className={styles.verified}>verified</span>}
      <ExternalIcon width={15} height={15} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The top of a profile: who the member is, their links, and what the viewer can do (SPEC §2, §6). */
export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const { user } = useAuth();
  const { branding } = useTenant();
  const name = `${profile.first_name} ${profile.last_name}`;
  const own = user?.userId === profile.id;
  const place = [profile.school_name, profile.department_name].filter(Boolean).join(' · ');
  const links = [
    profile.role_id === FACULTY_ROLE_ID && profile.google_scholar_url
      ? { label: 'Google Scholar', href: profile.google_scholar_url }
      : null,
    profile.linkedin_url ? { label: 'LinkedIn', href: profile.linkedin_url } : null,
    profile.faculty_page_url ? { label: 'Faculty page', href: profile.faculty_page_url } : null,
  ].filter((link) => link !== null);

  return (
    <section className={styles.hero} aria-labelledby="profile-name">
      <div className={styles.cover} aria-hidden="true" />
      <div className={styles.heroBody}>
        <PersonPhoto name={name} imageUrl={profile.profile_image_url} size="large" />
        <div className={styles.heroMain}>
          <div className={styles.identity}>
            <h1 id="profile-name" className={styles.name}>
              {name}
            </h1>
            {profile.headline && <p className={styles.headline}>{profile.headline}</p>}
            <div className={styles.facts}>
              <span className={styles.role}>
                <RoleIcon icon={profile.role_icon} width={16} height={16} />
                {profile.role_name}
              </span>
              {place && <span className={styles.fact}>{place}</span>}
              {profile.location && (
                <span className={styles.fact}>
                  <PinIcon width={16} height={16} />
                  {profile.location}
                </span>
              )}
            </div>
          </div>
          <div className={styles.actions}>
            {own && (
              <Link className={buttons.secondary} to={paths.updateProfile}>
                <PencilIcon width={18} height={18} />
                Edit
              </Link>
            )}
            {isContactable(profile) &&
              (own ? (
                <button type="button" className={buttons.primary} disabled>
                  <MailIcon width={18} height={18} />
                  Start conversation
                </button>
              ) : (
                <a
                  className={buttons.primary}
                  href={contactHref(profile, branding.contact, user?.name ?? '')}
                >
                  <MailIcon width={18} height={18} />
                  Start conversation
                </a>
              ))}
          </div>
        </div>
      </div>
      {(links.length > 0 || profile.orcid) && (
        <ul className={styles.links} aria-label="Links">
          {profile.orcid && (
            <li>
              <OrcidLink orcid={profile.orcid} verified={profile.orcid_verified} />
            </li>
          )}
          {links.map((link) => (
            <li key={link.label}>
              <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
                <ExternalIcon width={15} height={15} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
