import styles from './FollowButton.module.css';
import { HeartIcon } from './ideaIcons.tsx';
import { useFollow } from './useFollow.ts';

interface FollowButtonProps {
  ideaId: number;
  following: boolean;
  /** SPEC §4: the idea's principal investigator and case manager cannot follow it. */
  isOwner: boolean;
  /** The id of the idea's title, so each card's button names its idea. */
  describedBy?: string;
  size?: 'small' | 'large';
}

/** A toggle: pressed while the member follows the idea. */
export function FollowButton({
  ideaId,
  following,
  isOwner,
  describedBy,
  size = 'small',
}: FollowButtonProps) {
  const follow = useFollow(ideaId);
  return (
    <button
      type="button"
      className={styles.follow}
      data-size={size}
      aria-pressed={following}
      aria-describedby={describedBy}
      disabled={isOwner}
      title={isOwner ? 'You cannot follow an idea you lead' : undefined}
      onClick={() => {
        if (!follow.isPending) follow.mutate(!following);
      }}
    >
      <HeartIcon filled={following} width={18} height={18} />
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
