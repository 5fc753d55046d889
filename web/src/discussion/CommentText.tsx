import styles from './discussion.module.css';
import { linkify } from './linkify.ts';

/** A comment's plain text with its line breaks, and its web addresses as links to new tabs. */
export function CommentText({ text }: { text: string }) {
  return (
    <p className={styles.body}>
      {linkify(text).map((run, index) =>
        'href' in run ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one text never reorder
          <a key={index} href={run.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {run.text}
          </a>
        ) : (
          run.text
        ),
      )}
    </p>
  );
}
