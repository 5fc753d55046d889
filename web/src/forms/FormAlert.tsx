import { Link } from 'react-router';
import styles from './FormAlert.module.css';
import { AlertIcon, DoneIcon } from './formIcons.tsx';
import type { Message } from './message.ts';

interface FormAlertProps {
  message: Message;
  tone?: 'error' | 'success';
}

/** A form's own message above its fields: errors interrupt (alert), successes are a status. */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  const Icon = tone === 'error' ? AlertIcon : DoneIcon;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={styles.alert} data-tone={tone}>
      <Icon className={styles.icon} />
      <p>
        {message.map((part, index) =>
          typeof part === 'string' ? (
            part
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never reorder
            <Link key={index} to={part.to}>
              {part.label}
            </Link>
          ),
        )}
      </p>
    </div>
  );
}
