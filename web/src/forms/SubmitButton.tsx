import type { ReactNode } from 'react';
import buttons from '../shell/buttons.module.css';
import styles from './SubmitButton.module.css';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  /** What the button says while the form is being sent. */
  pendingLabel?: string;
  wide?: boolean;
  /** A further class, such as a destructive action's colour. */
  className?: string;
}

/** A form's submit button: disabled with a spinner while the form is being sent (SPEC §4). */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  wide = false,
  className = '',
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`${buttons.primary} ${wide ? styles.wide : ''} ${className}`}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending && <span className={styles.spinner} aria-hidden="true" />}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
