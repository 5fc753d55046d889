import { roleIcons } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import type { ApiError } from '../../api/apiError.ts';
import { useRowChange } from '../../api/useRowChange.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import { RoleIcon } from '../../ideas/ideaIcons.tsx';
import { Spinner } from '../../shell/Spinner.tsx';
import { AddForm } from './AddForm.tsx';
import { type Entry, EntryTable } from './EntryTable.tsx';
import styles from './ReferenceSection.module.css';
import {
  addEntry,
  fetchDepartments,
  fetchIpStatuses,
  fetchRoles,
  fetchSchools,
  fetchSupport,
  type Kind,
  type NamedKind,
  referenceKey,
  refreshKeys,
  updateEntry,
  updateRole,
} from './referenceApi.ts';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const usedBy = (people: number | undefined, ideas: number | undefined) =>
  [
    people === undefined ? null : count(people, 'person', 'people'),
    ideas === undefined ? null : count(ideas, 'idea'),
  ]
    .filter(Boolean)
    .join(', ');

/**
 * A change to one kind's entries: toasted, refreshing the console's list and the members' one
 * (`refreshKeys`), with the entries in flight as `busy`. An addition belongs to no entry yet.
 */
const useEntryChange = (kind: Kind) =>
  useRowChange<{ id: number }>(`reference-${kind}`, ...refreshKeys(kind));

/** The toast of a change that worked. */
const saying = (done: string) => () => done;

function Loading({ error, retry }: { error: ApiError | null; retry(): void }) {
  if (error) return <LoadProblem error={error} onRetry={retry} />;
  return (
    <div className={styles.loading}>
      <Spinner />
    </div>
  );
}

const named: Record<
  NamedKind,
  { title: string; one: string; fetch: typeof fetchSchools | typeof fetchSupport; people: boolean }
> = {
  school: { title: 'Schools', one: 'school', fetch: fetchSchools, people: true },
  support: { title: 'Support types', one: 'support type', fetch: fetchSupport, people: false },
  'ip-status': { title: 'IP statuses', one: 'IP status', fetch: fetchIpStatuses, people: false },
};

function NamedPanel({ kind }: { kind: NamedKind }) {
  const { title, one, fetch } = named[kind];
  const { busy, change, run } = useEntryChange(kind);
  const query = useQuery({ queryKey: referenceKey(kind), queryFn: ({ signal }) => fetch(signal) });
  const entries: Entry[] = (query.data ?? []).map((entry) => ({
    ...entry,
    usage: usedBy('people' in entry ? (entry.people as number) : undefined, entry.ideas),
  }));
  return (
    <div className={styles.panel}>
      <AddForm
        label={`New ${one}`}
        onAdd={(name) =>
          change(null, () => addEntry(kind, { name }).then(saying(`Added ${name}.`)))
        }
      />
      {query.data ? (
        <EntryTable
          label={title}
          entries={entries}
          busy={busy}
          onRename={(entry, name) =>
            change(entry, () =>
              updateEntry(kind, entry.id, { name }).then(saying(`Renamed to ${name}.`)),
            )
          }
          onToggle={(entry) =>
            run(entry, () =>
              updateEntry(kind, entry.id, { is_active: entry.is_active === false }).then(
                saying(
                  `${entry.is_active === false ? 'Reactivated' : 'Deactivated'} ${entry.name}.`,
                ),
              ),
            )
          }
        />
      ) : (
        <Loading error={query.error} retry={() => void query.refetch()} />
      )}
    </div>
  );
}

function DepartmentsPanel() {
  const { busy, change, run } = useEntryChange('department');
  const schools = useQuery({
    queryKey: referenceKey('school'),
    queryFn: ({ signal }) => fetchSchools(signal),
  });
  const query = useQuery({
    queryKey: referenceKey('department'),
    queryFn: ({ signal }) => fetchDepartments(signal),
  });
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const ids = useId();
  const schoolName = new Map((schools.data ?? []).map((s) => [s.id, s.name]));
  const activeSchools = (schools.data ?? []).filter((s) => s.is_active);
  const chosen = schoolId ?? activeSchools[0]?.id ?? null;
  const entries: Entry[] = (query.data ?? [])
    .map((entry) => ({
      ...entry,
      usage: usedBy(entry.people, entry.ideas),
      cells: [schoolName.get(entry.school_id) ?? '—'],
    }))
    .sort(
      (a, b) =>
        String(a.cells[0]).localeCompare(String(b.cells[0])) || a.name.localeCompare(b.name),
    );
  return (
    <div className={styles.panel}>
      <AddForm
        label="New department"
        before={
          <div className={styles.field}>
            <label htmlFor={`${ids}-school`} className={styles.label}>
              School
            </label>
            <select
              id={`${ids}-school`}
              className={styles.input}
              value={chosen ?? ''}
              onChange={(event) => setSchoolId(Number(event.target.value))}
            >
              {activeSchools.map((school) => (
                <option key={school.id} value={school.id}>
                  {school.name}
                </option>
              ))}
            </select>
          </div>
        }
        onAdd={(name) =>
          change(null, () =>
            addEntry('department', { name, ...(chosen ? { school_id: chosen } : {}) }).then(
              saying(`Added ${name}.`),
            ),
          )
        }
      />
      {query.data && schools.data ? (
        <EntryTable
          label="Departments"
          columns={['School']}
          entries={entries}
          busy={busy}
          onRename={(entry, name) =>
            change(entry, () =>
              updateEntry('department', entry.id, { name }).then(saying(`Renamed to ${name}.`)),
            )
          }
          onToggle={(entry) =>
            run(entry, () =>
              updateEntry('department', entry.id, { is_active: entry.is_active === false }).then(
                saying(
                  `${entry.is_active === false ? 'Reactivated' : 'Deactivated'} ${entry.name}.`,
                ),
              ),
            )
          }
        />
      ) : (
        <Loading error={query.error ?? schools.error} retry={() => void query.refetch()} />
      )}
    </div>
  );
}

function RolesPanel() {
  const { busy, change, run } = useEntryChange('role');
  const query = useQuery({
    queryKey: referenceKey('role'),
    queryFn: ({ signal }) => fetchRoles(signal),
  });
  if (!query.data) return <Loading error={query.error} retry={() => void query.refetch()} />;
  const entries: Entry[] = query.data.map((role) => ({
    ...role,
    usage: count(role.people, 'person', 'people'),
    cells: [
      <span key="icon" className={styles.iconPick}>
        <RoleIcon icon={role.icon} width={20} height={20} aria-hidden="true" />
        <select
          className={styles.input}
          aria-label={`Icon of ${role.name}`}
          value={role.icon}
          onChange={(event) =>
            run(role, () =>
              updateRole(role.id, { icon: event.target.value as (typeof roleIcons)[number] }).then(
                saying(`Changed the icon of ${role.name}.`),
              ),
            )
          }
        >
          {(roleIcons as readonly string[]).includes(role.icon) ? null : (
            <option value={role.icon}>{role.icon}</option>
          )}
          {roleIcons.map((icon) => (
            <option key={icon} value={icon}>
              {icon}
            </option>
          ))}
        </select>
      </span>,
    ],
  }));
  return (
    <div className={styles.panel}>
      <p className={styles.note}>
        Every tenant has these four roles; they can be renamed and given another icon, but not
        removed. Faculty (role 2) is the role with a Google Scholar link.
      </p>
      <EntryTable
        label="Roles"
        columns={['Icon']}
        entries={entries}
        busy={busy}
        onRename={(entry, name) =>
          change(entry, () => updateRole(entry.id, { name }).then(saying(`Renamed to ${name}.`)))
        }
      />
    </div>
  );
}

const panels = [
  { path: '', label: 'Schools', element: <NamedPanel kind="school" /> },
  { path: 'departments', label: 'Departments', element: <DepartmentsPanel /> },
  { path: 'support', label: 'Support types', element: <NamedPanel kind="support" /> },
  { path: 'ip-status', label: 'IP statuses', element: <NamedPanel kind="ip-status" /> },
  { path: 'roles', label: 'Roles', element: <RolesPanel /> },
];

/**
 * Reference data (issue 6): the lists members pick from. Entries are renamed, deactivated and
 * reactivated, never deleted: a deactivated one leaves the pickers, while the people and ideas
 * that name it keep showing its name, and it stays listed here.
 */
export function ReferenceSection() {
  return (
    <div className={styles.section}>
      <nav aria-label="Reference data">
        <ul className={styles.kinds}>
          {panels.map((panel) => (
            <li key={panel.path}>
              <NavLink
                end
                to={panel.path === '' ? '.' : panel.path}
                className={({ isActive }) =>
                  isActive ? `${styles.kind} ${styles.current}` : styles.kind
                }
              >
                {panel.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        {panels.map((panel) =>
          panel.path === '' ? (
            <Route key="index" index element={panel.element} />
          ) : (
            <Route key={panel.path} path={panel.path} element={panel.element} />
          ),
        )}
      </Routes>
    </div>
  );
}
