import styles from './Highlight.module.css';
import { parseHighlight } from './highlights.ts';

/** One excerpt of `highlights[]`, its matched words marked, rendered as text only. */
function Highlight({ excerpt }: { excerpt: string }) {
  return (
    <>
      {parseHighlight(excerpt).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of one excerpt never reorder
          <mark key={index} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** A result's excerpts where the search matched it (CONTRACT §7), nothing when it has none. */
export function Highlights({ excerpts }: { excerpts: readonly string[] | undefined }) {
  if (!excerpts || excerpts.length === 0) return null;
  return (
    <ul className={styles.excerpts} aria-label="Where it matched">
      {excerpts.map((excerpt, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two excerpts may read the same
        <li key={index} className={styles.excerpt}>
          <Highlight excerpt={excerpt} />
        </li>
      ))}
    </ul>
  );
}
