import { profileMessages } from '@kindling/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link, type Params, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import buttons from '../shell/buttons.module.css';
import { PageSpinner } from '../shell/Spinner.tsx';
import { ArrowLeftIcon } from '../shell/screenIcons.tsx';
import { Bio } from './Bio.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import styles from './ProfilePage.module.css';
import { ProfileIdeas, ProfileSections, Section } from './ProfileSections.tsx';
import { profileQuery } from './profileApi.ts';
import { profileLoadProblem } from './profileProblems.ts';

/** A path id that could name a member; anything else cannot exist. */
function profileIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Asks for the profile the address names (app/router.tsx). */
export async function prefetchProfile(
  queryClient: QueryClient,
  _url: URL,
  params: Params,
): Promise<void> {
  const userId = profileIdOf(params.id);
  if (userId !== null) await queryClient.prefetchQuery(profileQuery(userId));
}

/** SPEC §2 Profile: a member's details and sections, with a way back. */
export function ProfilePage() {
  const userId = profileIdOf(useParams().id);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery({
    ...profileQuery(userId ?? 0),
    enabled: userId !== null,
    // Answers such as NOT_FOUND or FORBIDDEN will not change on a second try.
    retry: (count, error) =>
      count < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
  });

  // The first page of a visit has nothing to go back to inside the app.
  const back = () => (location.key === 'default' ? navigate(paths.people) : navigate(-1));
  const problem =
    userId === null
      ? profileMessages.notFound
      : query.isError
        ? profileLoadProblem(query.error)
        : null;
  const profile = query.data;

  return (
    <div className={styles.page}>
      <button type="button" className={`${buttons.ghost} ${styles.back}`} onClick={back}>
        <ArrowLeftIcon width={18} height={18} />
        Back
      </button>
      {problem ? (
        <div className={styles.problem}>
          <h1 className={styles.problemTitle}>Profile unavailable</h1>
          <FormAlert message={[problem]} />
          <Link className={styles.problemLink} to={paths.people}>
            Browse the people directory
          </Link>
        </div>
      ) : !profile ? (
        <PageSpinner label="Loading profile…" />
      ) : (
        <>
          <ProfileHeader profile={profile} />
          <div className={styles.columns}>
            <div className={styles.main}>
              {profile.bio && (
                <Section title="About">
                  <Bio html={profile.bio} />
                </Section>
              )}
              <ProfileSections profile={profile} />
            </div>
            {profile.ideas.length > 0 && (
              <aside className={styles.aside} aria-label="Ideas by this member">
                <ProfileIdeas ideas={profile.ideas} />
              </aside>
            )}
          </div>
        </>
      )}
    </div>
  );
}
