import { useId } from 'react';
import buttons from '../../shell/buttons.module.css';
import { showToast } from '../../shell/showToast.ts';
import styles from './IdentitySection.module.css';

/** An address to hand to a university's IT office: shown whole, selectable, with a Copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(`Copied the ${label.toLowerCase()}.`, 'success');
    } catch {
      // No clipboard here (an insecure origin, a refused permission): the text is selected instead.
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
      showToast('Copying is not allowed here: the address is selected, copy it yourself.', 'info');
    }
  };
  return (
    <div className={styles.copy}>
      <label htmlFor={id} className={styles.copyLabel}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input
          id={id}
          className={styles.copyValue}
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => void copy()}
          aria-label={`Copy ${label}`}
        >
          Copy
        </button>
      </div>
    </div>
  );
}
