import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components/ComboBox';
import { ChevronDownIcon } from '../shell/icons.tsx';
import { fetchIdeaOwners, ideaKeys } from './ideasApi.ts';
import styles from './OwnerComboBox.module.css';
import { useDebounced } from './useDebounced.ts';

const DEBOUNCE_MS = 300;

export interface Owner {
  id: number;
  name: string;
}

interface OwnerComboBoxProps {
  schoolId: number | null;
  departmentId: number | null;
  selected: Owner | null;
  onChange(owner: Owner | null): void;
}

/**
 * SPEC §2 idea-owner filter: a searchable list of the members who lead ideas, narrowed to the
 * chosen school and department, asked of the server 300 ms after the typing stops.
 */
export function OwnerComboBox({ schoolId, departmentId, selected, onChange }: OwnerComboBoxProps) {
  const [input, setInput] = useState(selected?.name ?? '');
  const q = useDebounced(input.trim(), DEBOUNCE_MS);
  const query = { q, school_id: schoolId, department_id: departmentId };
  const owners = useQuery({
    queryKey: ideaKeys.owners(query),
    queryFn: ({ signal }) => fetchIdeaOwners(query, { signal }),
    placeholderData: keepPreviousData,
  });
  const items = owners.data ?? [];
  return (
    <ComboBox
      className={styles.combo}
      items={items}
      inputValue={input}
      onInputChange={(value) => {
        setInput(value);
        if (value === '') onChange(null);
      }}
      selectedKey={selected?.id ?? null}
      onSelectionChange={(key) => {
        const owner = items.find((item) => item.id === key) ?? null;
        onChange(owner);
        if (owner) setInput(owner.name);
      }}
      defaultFilter={() => true}
      allowsEmptyCollection
      menuTrigger="focus"
    >
      <Label className={styles.label}>Idea owner</Label>
      <Text slot="description" className={styles.description}>
        Type part of a name to search.
      </Text>
      <div className={styles.control}>
        <Input className={styles.input} placeholder="Any idea owner" />
        <Button className={styles.toggle} aria-label="Show idea owners">
          <ChevronDownIcon width={18} height={18} />
        </Button>
      </div>
      <Popover className={styles.popover} offset={6}>
        <ListBox
          className={styles.list}
          renderEmptyState={() => (
            <p className={styles.empty}>
              {owners.isFetching ? 'Searching…' : 'No idea owners found'}
            </p>
          )}
        >
          {(item: Owner) => (
            <ListBoxItem id={item.id} textValue={item.name} className={styles.option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
