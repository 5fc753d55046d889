import { usePersisted } from '../state/usePersisted.ts';
import styles from './SupportChips.module.css';

/** The kinds of support an idea seeks, named from the tenant's list (SPEC §3 support_ids). */
export function SupportChips({ ids, label }: { ids: readonly number[]; label?: string }) {
  const supports = usePersisted('support_or_partnership');
  const names = ids
    .map((id) => supports.find((support) => support.id === id)?.name)
    .filter((name): name is string => Boolean(name));
  if (names.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label ?? 'Seeking'}>
      {names.map((name) => (
        <li key={name} className={styles.chip}>
          {name}
        </li>
      ))}
    </ul>
  );
}
