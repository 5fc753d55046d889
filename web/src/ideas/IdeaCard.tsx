import type { IdeaSearchResult } from '@kindling/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { Highlights } from '../search/Highlight.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { FollowButton } from './FollowButton.tsx';
import styles from './IdeaCard.module.css';
import { CommentIcon, RoleIcon, SparkIcon } from './ideaIcons.tsx';
import { leads } from './ideaOwnership.ts';
import { cutTitle, fullName, postedLabel } from './ideaText.ts';
import { SupportChips } from './SupportChips.tsx';

/** A feed's idea: with where a keyword matched it, or which of the member's words it holds. */
export type FeedIdea = IdeaSearchResult & { matched_interests?: string[] };

/**
 * An idea in a feed (SPEC §2): who leads it, when it was posted, what it seeks. Found by a
 * keyword, it shows where the keyword matched in place of its introduction (CONTRACT §7);
 * recommended, it names the member's own words it matched.
 */
export function IdeaCard({ idea, actions }: { idea: FeedIdea; actions?: ReactNode }) {
  const { user } = useAuth();
  const titleId = useId();
  const person = idea.principal_investigator;
  const name = fullName(person);
  const followers = idea.follower_count;
  const comments = idea.comment_count;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.top}>
        <div className={styles.person}>
          <Avatar name={name} imageUrl={person.profile_image_url} />
          <div className={styles.who}>
            <span className={styles.name}>{name}</span>
            <span className={styles.role}>
              <RoleIcon icon={person.role_icon} width={14} height={14} />
              {person.role_name}
            </span>
          </div>
        </div>
        <span className={styles.posted}>{postedLabel(idea.created_at)}</span>
      </div>
      <h2 id={titleId} className={styles.title}>
        <Link to={paths.idea(idea.id)} className={styles.titleLink}>
          {cutTitle(idea.title)}
        </Link>
      </h2>
      {idea.highlights?.length ? (
        <Highlights excerpts={idea.highlights} />
      ) : (
        <p className={styles.intro}>{idea.introduction}</p>
      )}
      {idea.matched_interests?.length ? (
        <p className={styles.interests}>
          <SparkIcon width={14} height={14} />
          <span>
            Matches your interests: <b>{idea.matched_interests.join(', ')}</b>
          </span>
        </p>
      ) : null}
      <SupportChips ids={idea.support_ids} />
      <div className={styles.bottom}>
        <span className={styles.followers}>
          {followers === 1 ? '1 follower' : `${followers} followers`}
          <span className={styles.comments}>
            <CommentIcon width={16} height={16} />
            {comments === 1 ? '1 comment' : `${comments} comments`}
          </span>
        </span>
        <div className={styles.actions}>
          {actions}
          <FollowButton
            ideaId={idea.id}
            following={idea.is_following}
            isOwner={leads(idea, user?.userId)}
            describedBy={titleId}
          />
        </div>
      </div>
    </article>
  );
}
