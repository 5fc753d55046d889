import { type ReactNode, useState } from 'react';
import buttons from '../../shell/buttons.module.css';
import { ScrollingTable } from '../ConsoleTable.tsx';
import styles from './ReferenceSection.module.css';
import { useNameForm } from './useNameForm.tsx';

export interface Entry {
  id: number;
  name: string;
  /** Absent for roles, which are renamed but never deactivated. */
  is_active?: boolean;
  /** How many people or ideas name the entry, in words. */
  usage: string;
  /** Cells between the name and the usage, one per extra column. */
  cells?: ReactNode[];
}

interface EntryTableProps {
  label: string;
  columns?: string[];
  entries: Entry[];
  /** The entries a change is under way for. */
  busy: ReadonlySet<number>;
  /** Settles with the change; a refusal is shown under the field. */
  onRename(entry: Entry, name: string): Promise<void>;
  onToggle?(entry: Entry): void;
}

/** One entry's name, or the form that renames it; the error stays beside the field. */
function NameCell({
  entry,
  editing,
  onDone,
  onRename,
}: {
  entry: Entry;
  editing: boolean;
  onDone(): void;
  onRename(name: string): Promise<void>;
}) {
  const form = useNameForm(entry.name, onRename, onDone);
  if (!editing) {
    return (
      <span className={styles.name} data-inactive={entry.is_active === false || undefined}>
        {entry.name}
      </span>
    );
  }
  return (
    <form className={styles.rename} onSubmit={form.onSubmit}>
      <input
        className={styles.input}
        aria-label={`New name for ${entry.name}`}
        {...form.described}
        value={form.name}
        maxLength={100}
        // biome-ignore lint/a11y/noAutofocus: the field appears because its Rename button was pressed.
        autoFocus
        onChange={(event) => form.setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
      <button type="submit" className={buttons.primary} disabled={form.saving}>
        Save
      </button>
      <button type="button" className={buttons.ghost} onClick={onDone}>
        Cancel
      </button>
      {form.refusal}
    </form>
  );
}

/** Entries of one kind with their use; rename in place, deactivate and reactivate. */
export function EntryTable({
  label,
  columns = [],
  entries,
  busy,
  onRename,
  onToggle,
}: EntryTableProps) {
  const [editing, setEditing] = useState<number | null>(null);
  if (entries.length === 0) return <p className={styles.empty}>None yet.</p>;
  return (
    <ScrollingTable
      label={label}
      caption={label}
      className={styles.table}
      columns={[
        'Name',
        ...columns,
        'In use',
        ...(onToggle ? ['Status'] : []),
        { label: 'Actions', hidden: true },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={styles.nameCell}>
            <NameCell
              key={editing === entry.id ? 'editing' : 'shown'}
              entry={entry}
              editing={editing === entry.id}
              onDone={() => setEditing(null)}
              onRename={(name) => onRename(entry, name)}
            />
          </td>
          {entry.cells?.map((cell, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the extra columns are fixed per table
            <td key={index}>{cell}</td>
          ))}
          <td className={styles.usage}>{entry.usage}</td>
          {onToggle && (
            <td>
              <span className={styles.status} data-active={entry.is_active !== false}>
                {entry.is_active === false ? 'Deactivated' : 'Active'}
              </span>
            </td>
          )}
          <td>
            <div className={styles.actions}>
              {editing !== entry.id && (
                <button
                  type="button"
                  className={buttons.secondary}
                  aria-label={`Rename ${entry.name}`}
                  onClick={() => setEditing(entry.id)}
                >
                  Rename
                </button>
              )}
              {onToggle && (
                <button
                  type="button"
                  className={buttons.secondary}
                  aria-label={`${entry.is_active === false ? 'Reactivate' : 'Deactivate'} ${entry.name}`}
                  disabled={busy.has(entry.id)}
                  onClick={() => onToggle(entry)}
                >
                  {entry.is_active === false ? 'Reactivate' : 'Deactivate'}
                </button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
