import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import styles from './IdeaMatches.module.css';
import { expertsQuery, similarQuery } from './searchApi.ts';

/** Rows of the size the answer's will have, so the page moves little when it arrives. */
function Placeholder({ rows, label }: { rows: number; label: string }) {
  return (
    <div role="status" className={styles.rows}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
        <span key={index} className={styles.placeholder} aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * "Experts to talk to" (CONTRACT §7): the members whose profiles best match the idea, each with
 * the idea's words their profile matched, so a member can see why they are suggested.
 */
export function ExpertsCard({ ideaId }: { ideaId: number }) {
  const experts = useQuery({ ...expertsQuery(ideaId), enabled: useFirstPaintDone() });
  const users = experts.data?.users;
  return (
    <section className={styles.card} aria-labelledby="idea-experts">
      <h2 id="idea-experts" className={styles.title}>
        Experts to talk to
      </h2>
      {experts.isError ? (
        <p className={styles.quiet}>{experts.error.message}</p>
      ) : !users ? (
        <Placeholder rows={3} label="Finding experts…" />
      ) : users.length === 0 ? (
        <p className={styles.quiet}>No member’s profile matches this idea closely yet.</p>
      ) : (
        <ul className={styles.people}>
          {users.map((person) => {
            const name = `${person.first_name} ${person.last_name}`;
            return (
              <li key={person.id} className={styles.person}>
                <Avatar name={name} imageUrl={person.profile_image_url} />
                <div className={styles.who}>
                  <Link className={styles.name} to={paths.profile(person.id)}>
                    {name}
                  </Link>
                  {person.headline && <span className={styles.detail}>{person.headline}</span>}
                  {person.matched_on.length > 0 && (
                    <ul className={styles.tags} aria-label={`Why ${name}`}>
                      {person.matched_on.map((word) => (
                        <li key={word} className={styles.tag}>
                          {word}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** "Similar ideas" (CONTRACT §7): the ideas whose text is closest to this one's. */
export function SimilarIdeas({ ideaId }: { ideaId: number }) {
  const similar = useQuery({ ...similarQuery(ideaId), enabled: useFirstPaintDone() });
  const ideas = similar.data?.ideas;
  return (
    <section className={styles.similar} aria-labelledby="idea-similar">
      <h2 id="idea-similar" className={styles.title}>
        Similar ideas
      </h2>
      {similar.isError ? (
        <p className={styles.quiet}>{similar.error.message}</p>
      ) : !ideas ? (
        <Placeholder rows={3} label="Finding similar ideas…" />
      ) : ideas.length === 0 ? (
        <p className={styles.quiet}>No other idea is close to this one yet.</p>
      ) : (
        <ul className={styles.ideas}>
          {ideas.map((idea) => {
            const lead = idea.principal_investigator;
            return (
              <li key={idea.id} className={styles.idea}>
                <Link className={styles.name} to={paths.idea(idea.id)}>
                  {idea.title}
                </Link>
                <span className={styles.detail}>
                  {lead.first_name} {lead.last_name}
                </span>
                <p className={styles.intro}>{idea.introduction}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * Starts both calls as the idea's page opens, beside the idea's own, rather than after it; on the
 * app's first screen, once it has painted (its placeholders), as the comments: a search that ended
 * before the idea's paint was counted by Lighthouse as one the paint waited for (decision 0062).
 */
export function useIdeaMatches(ideaId: number | null) {
  const id = ideaId ?? 0;
  const enabled = useFirstPaintDone() && ideaId !== null;
  useQuery({ ...expertsQuery(id), enabled });
  useQuery({ ...similarQuery(id), enabled });
}
