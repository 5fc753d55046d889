import { useId, useLayoutEffect, useRef, useState } from 'react';
import styles from './ProfilePage.module.css';

/**
 * The bio, folded to a few lines with 'See more' / 'See less' when it is longer (SPEC §2). The HTML
 * is inserted as it comes because the server sanitises every bio against a short allow-list
 * (paragraphs, emphasis, lists, http(s) and mail links) before storing it; nothing else renders
 * member HTML.
 */
export function Bio({ html }: { html: string }) {
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = body.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <div className={styles.bio}>
      <div
        ref={body}
        id={id}
        className={styles.bioText}
        data-folded={!expanded || undefined}
        data-overflows={overflows || undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (see above)
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {(overflows || expanded) && (
        <button
          type="button"
          className={styles.seeMore}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'See less' : 'See more'}
        </button>
      )}
    </div>
  );
}
