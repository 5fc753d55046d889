import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { pickable, pickerName } from '../lookups/pickable.ts';
import buttons from '../shell/buttons.module.css';
import { DialogCloseButton, DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import styles from './FeedFiltersDialog.module.css';
import { type FeedFilters, noFilters, type SortOrder } from './feedSearch.ts';
import { ideaKeys } from './ideasApi.ts';
import { type Owner, OwnerComboBox } from './OwnerComboBox.tsx';

interface FeedFiltersDialogProps {
  initial: FeedFilters;
  /** The owner's name when `initial` names one, to show in the search box. */
  initialOwnerName: string | undefined;
  onApply(filters: FeedFilters): void;
  onClose(): void;
}

/** Without an order the feed is the recommended one, or with a keyword the best matches first. */
const sortChoices = (
  keyword: boolean,
): { value: SortOrder | null; label: string; hint: string }[] => [
  keyword
    ? { value: null, label: 'Best match', hint: 'Closest to the keyword on top' }
    : { value: null, label: 'Recommended', hint: 'Picked for you' },
  { value: 'desc', label: 'Newest first', hint: 'Most recent ideas on top' },
  { value: 'asc', label: 'Oldest first', hint: 'Earliest ideas on top' },
];

const toId = (value: string) => (value === '' ? null : Number(value));

/**
 * The dashboard's filters (SPEC §2) in a modal: a panel at the side on wide screens, a sheet
 * from the bottom on phones. Nothing changes until the member applies the choice.
 */
export function FeedFiltersDialog({
  initial,
  initialOwnerName,
  onApply,
  onClose,
}: FeedFiltersDialogProps) {
  const queryClient = useQueryClient();
  const supports = usePersisted('support_or_partnership');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const [draft, setDraft] = useState(initial);
  const [owner, setOwner] = useState<Owner | null>(
    initial.ideaOwnerId !== null ? { id: initial.ideaOwnerId, name: initialOwnerName ?? '' } : null,
  );
  // The owner search keeps its own text; a new key after Reset starts it empty.
  const [resets, setResets] = useState(0);
  const ids = useId();
  const schoolDepartments = pickable(departments, [draft.departmentId]).filter(
    (d) => d.school_id === draft.schoolId,
  );
  const change = (patch: Partial<FeedFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const apply = () => {
    if (owner) queryClient.setQueryData(ideaKeys.ownerName(owner.id), owner.name);
    onApply({ ...draft, ideaOwnerId: owner?.id ?? null });
    onClose();
  };

  return (
    <ModalDialog className={styles.sheet} isDismissable onClose={onClose}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <div className={styles.head}>
          <DialogTitle className={styles.title}>Filter ideas</DialogTitle>
          <DialogCloseButton label="Close filters" onClose={onClose} />
        </div>

        <div className={styles.body}>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>Sort by</legend>
            <div className={styles.segments}>
              {sortChoices(draft.q !== '').map((choice) => (
                <label key={choice.label} className={styles.segment}>
                  <input
                    type="radio"
                    name={`${ids}-sort`}
                    checked={draft.sortOrder === choice.value}
                    onChange={() => change({ sortOrder: choice.value })}
                  />
                  <span className={styles.segmentText}>
                    {choice.label}
                    <span className={styles.hint}>{choice.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <label className={styles.switchRow}>
            <input
              type="checkbox"
              checked={draft.following}
              onChange={(event) => change({ following: event.target.checked })}
            />
            <span>Only ideas I follow</span>
          </label>

          {supports.length > 0 && (
            <fieldset className={styles.group}>
              <legend className={styles.legend}>Type of support sought</legend>
              <div className={styles.checks}>
                {pickable(supports, draft.supportIds).map((support) => (
                  <label key={support.id} className={styles.check}>
                    <input
                      type="checkbox"
                      checked={draft.supportIds.includes(support.id)}
                      onChange={(event) =>
                        change({
                          supportIds: event.target.checked
                            ? [...draft.supportIds, support.id]
                            : draft.supportIds.filter((id) => id !== support.id),
                        })
                      }
                    />
                    {pickerName(support)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <div className={styles.selects}>
            <div className={styles.field}>
              <label htmlFor={`${ids}-school`} className={styles.label}>
                School
              </label>
              <select
                id={`${ids}-school`}
                className={styles.select}
                value={draft.schoolId ?? ''}
                onChange={(event) =>
                  change({ schoolId: toId(event.target.value), departmentId: null })
                }
              >
                <option value="">Any school</option>
                {pickable(schools, [draft.schoolId]).map((school) => (
                  <option key={school.id} value={school.id}>
                    {pickerName(school)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor={`${ids}-department`} className={styles.label}>
                Department
              </label>
              <select
                id={`${ids}-department`}
                className={styles.select}
                value={draft.departmentId ?? ''}
                disabled={draft.schoolId === null}
                aria-describedby={draft.schoolId === null ? `${ids}-department-hint` : undefined}
                onChange={(event) => change({ departmentId: toId(event.target.value) })}
              >
                <option value="">Any department</option>
                {schoolDepartments.map((department) => (
                  <option key={department.id} value={department.id}>
                    {pickerName(department)}
                  </option>
                ))}
              </select>
              {draft.schoolId === null && (
                <p id={`${ids}-department-hint`} className={styles.hint}>
                  Choose a school first.
                </p>
              )}
            </div>
          </div>

          <OwnerComboBox
            key={resets}
            schoolId={draft.schoolId}
            departmentId={draft.departmentId}
            selected={owner}
            onChange={setOwner}
          />
        </div>

        <div className={styles.foot}>
          <button
            type="button"
            className={buttons.ghost}
            onClick={() => {
              // The keyword has its own field beside the dialog, and stays.
              setDraft({ ...noFilters, q: draft.q });
              setOwner(null);
              setResets((n) => n + 1);
            }}
          >
            Reset
          </button>
          <button type="submit" className={buttons.primary}>
            Show ideas
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
