import { useQuery } from '@tanstack/react-query';
import { CloseIcon } from '../shell/icons.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import styles from './FilterChips.module.css';
import type { FeedChip } from './feedSearch.ts';
import { fetchOwnerName, ideaKeys } from './ideasApi.ts';

/** The owner's name for the chip: known from the search box, or asked of their profile after a reload. */
export function useOwnerName(id: number | null): string | undefined {
  const { data } = useQuery({
    queryKey: ideaKeys.ownerName(id ?? 0),
    queryFn: ({ signal }) => fetchOwnerName(id ?? 0, { signal }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

function useChipLabel() {
  const supports = usePersisted('support_or_partnership');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  return (chip: FeedChip, ownerName: string | undefined): string => {
    switch (chip.kind) {
      case 'following':
        return 'Ideas I follow';
      case 'support':
        return supports.find((s) => s.id === chip.id)?.name ?? `Support #${chip.id}`;
      case 'school':
        return schools.find((s) => s.id === chip.id)?.name ?? `School #${chip.id}`;
      case 'department':
        return departments.find((d) => d.id === chip.id)?.name ?? `Department #${chip.id}`;
      case 'ideaOwner':
        return ownerName ? `Owner: ${ownerName}` : 'Owner';
      case 'sortOrder':
        return chip.order === 'asc' ? 'Oldest first' : 'Newest first';
    }
  };
}

interface FilterChipsProps {
  chips: FeedChip[];
  ownerName: string | undefined;
  onRemove(chip: FeedChip): void;
  onClear(): void;
}

/** SPEC §2: every active filter as a removable chip, and a way to clear them all. */
export function FilterChips({ chips, ownerName, onRemove, onClear }: FilterChipsProps) {
  const labelOf = useChipLabel();
  return (
    <div className={styles.bar}>
      <ul className={styles.chips} aria-label="Active filters">
        {chips.map((chip) => {
          const label = labelOf(chip, ownerName);
          return (
            <li key={`${chip.kind}-${'id' in chip ? chip.id : ''}`} className={styles.chip}>
              <span>{label}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove filter: ${label}`}
                onClick={() => onRemove(chip)}
              >
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={styles.clear} onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
