import { useLimitNotice } from '../../forms/useLimitNotice.ts';
import buttons from '../../shell/buttons.module.css';
import { PlusIcon } from '../../shell/screenIcons.tsx';
import styles from '../IdeaForm.module.css';
import { addRow } from '../ideaFormRules.ts';

interface AddRowProps {
  kind: 'urls' | 'patents';
  count: number;
  label: string;
  onAdd(): void;
}

/** The button under a repeated entry; past SPEC §9's limit it says so for a while instead. */
export function AddRow({ kind, count, label, onAdd }: AddRowProps) {
  const [notice, showNotice] = useLimitNotice();
  const add = () => {
    const outcome = addRow(kind, count);
    if (outcome.kind === 'limit') showNotice(outcome.message);
    else onAdd();
  };
  return (
    <div className={styles.addRow}>
      <button type="button" className={buttons.secondary} onClick={add}>
        <PlusIcon width={18} height={18} />
        {label}
      </button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </div>
  );
}
