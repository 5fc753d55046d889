import { useQuery } from '@tanstack/react-query';
import type { Chip } from '../lists/FilterChips.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import { chipsOf, type FeedChip, type FeedFilters } from './feedSearch.ts';
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

/** The feed's active filters as the chip row shows them, each with the filter it stands for. */
export function useFeedChips(
  filters: FeedFilters,
  ownerName: string | undefined,
): (Chip & { chip: FeedChip })[] {
  const supports = usePersisted('support_or_partnership');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const labelOf = (chip: FeedChip): string => {
    switch (chip.kind) {
      case 'keyword':
        return `Keyword: ${chip.q}`;
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
  return chipsOf(filters).map((chip) => ({
    key: `${chip.kind}-${'id' in chip ? chip.id : ''}`,
    label: labelOf(chip),
    chip,
  }));
}
