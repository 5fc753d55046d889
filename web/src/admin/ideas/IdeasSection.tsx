import type { AdminIdea } from '@kindling/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRowChange } from '../../api/useRowChange.ts';
import { usePersisted } from '../../state/usePersisted.ts';
import list from '../MemberList.module.css';
import { ConfirmDialog } from '../members/ConfirmDialog.tsx';
import { PagedResults } from '../PagedResults.tsx';
import { CaseManagerDialog } from './CaseManagerDialog.tsx';
import { IdeaFilters } from './IdeaFilters.tsx';
import { IdeasTable } from './IdeasTable.tsx';
import {
  adminIdeasKey,
  assignCaseManager,
  caseManagersKey,
  fetchAdminIdeas,
  fetchCaseManagers,
  removeIdea,
} from './ideasAdminApi.ts';
import { useIdeaFilters } from './useIdeaFilters.ts';

function removalMessage(idea: AdminIdea): string {
  const followers =
    idea.follower_count === 0
      ? ''
      : idea.follower_count === 1
        ? ' Its one follower stops following it.'
        : ` Its ${idea.follower_count} followers stop following it.`;
  return `The idea by ${idea.principal_investigator.name} is deleted for everyone, with its links, patents and wanted support.${followers} This cannot be undone.`;
}

type Asking = { idea: AdminIdea; action: 'case-manager' | 'remove' } | null;

/** Every idea of the portal: search, filters, the case manager, and removal. */
export function IdeasSection() {
  const ipStatuses = usePersisted('ip_statuses');
  const schools = usePersisted('schools');
  const { filters, page, setFilters } = useIdeaFilters();
  const [asking, setAsking] = useState<Asking>(null);
  const query = useQuery({
    queryKey: adminIdeasKey(filters, page),
    queryFn: ({ signal }) => fetchAdminIdeas(filters, page, signal),
    placeholderData: keepPreviousData,
  });
  const caseManagers = useQuery({
    queryKey: caseManagersKey(''),
    queryFn: ({ signal }) => fetchCaseManagers('', signal),
  });

  const { busy, change } = useRowChange<AdminIdea>('idea', ['admin']);

  return (
    <div className={list.section}>
      <IdeaFilters
        filters={filters}
        onChange={setFilters}
        ipStatuses={ipStatuses}
        schools={schools}
        caseManagers={caseManagers.data ?? []}
      />
      <PagedResults
        query={query}
        page={page}
        noun={['idea', 'ideas']}
        rows={(data) => data.ideas}
        empty={{
          title: 'No ideas found',
          text: 'No idea matches these filters. Try a shorter search or clear a filter.',
        }}
      >
        {(data) => (
          <IdeasTable
            ideas={data.ideas}
            busy={busy}
            onCaseManager={(idea) => setAsking({ idea, action: 'case-manager' })}
            onRemove={(idea) => setAsking({ idea, action: 'remove' })}
          />
        )}
      </PagedResults>
      {asking?.action === 'case-manager' && (
        <CaseManagerDialog
          idea={asking.idea}
          onSave={(caseManagerId) =>
            change(asking.idea, async () => {
              await assignCaseManager(asking.idea.id, caseManagerId);
              return caseManagerId === null
                ? `“${asking.idea.title}” has no case manager now.`
                : `Case manager of “${asking.idea.title}” saved.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.action === 'remove' && (
        <ConfirmDialog
          title={`Remove “${asking.idea.title}”?`}
          message={removalMessage(asking.idea)}
          confirmLabel="Remove idea"
          onConfirm={() =>
            change(asking.idea, async () => {
              await removeIdea(asking.idea.id);
              return `Removed “${asking.idea.title}”.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
