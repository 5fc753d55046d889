import type { ReactNode } from 'react';
import buttons from '../../shell/buttons.module.css';
import styles from './BrandingSection.module.css';

interface SaveBarProps {
  dirty: boolean;
  pending: boolean;
  /** What the save button says: 'Save terms'. */
  saveLabel: string;
  /** Buttons before it (Discard, Restore default terms). */
  children?: ReactNode;
}

/** Under a settings editor: whether its changes are saved, and its save button. */
export function SaveBar({ dirty, pending, saveLabel, children }: SaveBarProps) {
  return (
    <div className={styles.saveBar}>
      <p className={styles.saveState} aria-live="polite">
        {dirty ? 'Unsaved changes' : 'All changes saved'}
      </p>
      {children}
      <button type="submit" className={buttons.primary} disabled={pending}>
        {pending ? 'Saving…' : saveLabel}
      </button>
    </div>
  );
}
