import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import list from '../MemberList.module.css';
import styles from './BrandingSection.module.css';

interface LoadedProps<T> {
  queryKey: QueryKey;
  fetch(signal: AbortSignal): Promise<T>;
  /** The editor, given what is saved now. */
  children(saved: T): ReactNode;
}

/**
 * One of the portal's settings (branding, terms, time zone): loads what is saved, with a retry
 * when it fails, then edits it.
 */
export function SettingsEditor<T>({ queryKey, fetch, children }: LoadedProps<T>) {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetch(signal) });
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) {
    return (
      <div className={list.loading}>
        <Spinner />
      </div>
    );
  }
  return children(query.data);
}

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
