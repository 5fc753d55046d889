import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components/ComboBox';
import fieldStyles from '../forms/Field.module.css';
import { CloseIcon } from '../shell/icons.tsx';
import selectStyles from './ClearableSelect.module.css';
import styles from './PersonPicker.module.css';
import { fetchPersonOptions, type PersonOption, peopleKeys } from './peopleApi.ts';
import type { PeopleFilters } from './peopleFilters.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** SPEC §9: the person search waits for 300 ms of quiet before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

interface PersonPickerProps {
  filters: PeopleFilters;
  /** The chosen member, when there is one and their name is known. */
  selected: PersonOption | null;
  onChange(person: PersonOption | null): void;
}

/** The directory's person filter: a combo box searching members by name among the other filters. */
export function PersonPicker({ filters, selected, onChange }: PersonPickerProps) {
  const [text, setText] = useState(selected?.name ?? '');
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
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
  });
  const items = useMemo(
    () => (selected && !data.some((p) => p.id === selected.id) ? [selected, ...data] : data),
    [data, selected],
  );

  return (
    <ComboBox
      className={`${fieldStyles.field} ${selectStyles.select}`}
      items={items}
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        // Emptying the box drops the person filter, as its clear button does.
        if (value === '' && selected) onChange(null);
      }}
      value={selected?.id ?? null}
      onChange={(key) => {
        const person = items.find((p) => p.id === key) ?? null;
        // With both value and text controlled, the text follows a choice only when set here,
        // in the same update as the choice, so the list closes instead of reopening.
        setText(person?.name ?? '');
        onChange(person);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className={fieldStyles.label}>Person</Label>
      <div className={selectStyles.control}>
        <Input className={`${fieldStyles.input} ${styles.input}`} placeholder="Search by name" />
        {selected && (
          <button
            type="button"
            className={selectStyles.clear}
            data-end=""
            aria-label="Clear Person"
            onClick={() => onChange(null)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </div>
      <Popover className={selectStyles.popover} offset={6}>
        <ListBox
          className={selectStyles.list}
          renderEmptyState={() => (
            <p className={selectStyles.empty}>{isFetching ? 'Searching…' : 'No matching people'}</p>
          )}
        >
          {(person: PersonOption) => (
            <ListBoxItem className={selectStyles.option} id={person.id} textValue={person.name}>
              {person.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
