import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ComboBoxField } from '../forms/ComboBoxField.tsx';
import { useDebounced } from '../lists/useDebounced.ts';
import { ChevronDownIcon } from '../shell/icons.tsx';
import { fetchIdeaOwners, ideaKeys } from './ideasApi.ts';
import styles from './OwnerComboBox.module.css';

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
  const q = useDebounced(input.trim());
  const query = { q, school_id: schoolId, department_id: departmentId };
  const owners = useQuery({
    queryKey: ideaKeys.owners(query),
    queryFn: ({ signal }) => fetchIdeaOwners(query, { signal }),
    placeholderData: keepPreviousData,
  });
  const items = owners.data ?? [];
  return (
    <ComboBoxField
      label="Idea owner"
      description="Type part of a name to search."
      placeholder="Any idea owner"
      inputValue={input}
      onInputChange={(value) => {
        setInput(value);
        if (value === '') onChange(null);
      }}
      items={items}
      selected={selected}
      onSelect={(owner) => {
        onChange(owner);
        setInput(owner.name);
      }}
      emptyMessage={owners.isFetching ? 'Searching…' : 'No idea owners found'}
      toggleLabel="Show idea owners"
      toggleIcon={<ChevronDownIcon width={18} height={18} />}
      classes={{ ...styles, field: styles.combo }}
    />
  );
}
