import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ComboBoxField } from '../forms/ComboBoxField.tsx';
import fieldStyles from '../forms/Field.module.css';
import { useDebounced } from '../lists/useDebounced.ts';
import { CloseIcon } from '../shell/icons.tsx';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import styles from './PersonPicker.module.css';
import { fetchPersonOptions, type PersonOption, peopleKeys } from './peopleApi.ts';
import type { PeopleFilters } from './peopleFilters.ts';

/** SPEC §9: the person search waits for 300 ms of quiet before it asks the server. */

interface PersonPickerProps {
  filters: PeopleFilters;
  /** The chosen member, when there is one and their name is known. */
  selected: PersonOption | null;
  onChange(person: PersonOption | null): void;
}

/** The directory's person filter: a combo box searching members by name among the other filters. */
export function PersonPicker({ filters, selected, onChange }: PersonPickerProps) {
  const [text, setText] = useState(selected?.name ?? '');
  const search = useDebounced(text);
  // While a member is chosen the box shows their name; the list then offers everyone again.
  const q = selected && search === selected.name ? '' : search;

  const selectedName = selected?.name ?? '';
  useEffect(() => {
    setText(selectedName);
  }, [selectedName]);

  const { data = [], isFetching } = useQuery({
    queryKey: peopleKeys.picker(filters, q),
    queryFn: ({ signal }) => fetchPersonOptions(filters, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // The options show only once the box opens: not asked for before the first paint (decision 0054).
    enabled: useFirstPaintDone(),
  });
  const items = useMemo(
    () => (selected && !data.some((p) => p.id === selected.id) ? [selected, ...data] : data),
    [data, selected],
  );

  return (
    <ComboBoxField
      label="Person"
      placeholder="Search by name"
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        // Emptying the box drops the person filter, as its clear button does.
        if (value === '' && selected) onChange(null);
      }}
      items={items}
      selected={selected}
      onSelect={(person) => {
        setText(person.name);
        onChange(person);
      }}
      emptyMessage={isFetching ? 'Searching…' : 'No matching people'}
      classes={{
        field: fieldStyles.field,
        label: fieldStyles.label,
        control: styles.control,
        input: `${fieldStyles.input} ${styles.input}`,
        popover: styles.popover,
        list: styles.list,
        option: styles.option,
        empty: styles.empty,
      }}
    >
      {selected && (
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear Person"
          onClick={() => onChange(null)}
        >
          <CloseIcon width={16} height={16} />
        </button>
      )}
    </ComboBoxField>
  );
}
