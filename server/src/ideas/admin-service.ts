import {
  type AdminIdeasAnswer,
  type AdminIdeasQuery,
  caseManagerMessages,
  ideaMessages,
} from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import {
  adminIdeasPage,
  caseManagerCandidates,
  countAdminIdeas,
  findCandidate,
  lockIdea,
  setCaseManager,
} from './admin-repository.ts';
import { totalPages } from './paging.ts';
import { deleteIdeaRow } from './repository.ts';

/** GET /admin/ideas: a page of every idea of the tenant; a page past the last is 404. */
export function adminIdeas(
  deps: Deps,
  tenantId: number,
  query: AdminIdeasQuery,
): Promise<AdminIdeasAnswer> {
  const filter = {
    q: query.q,
    ipStatusId: query.ip_status_id,
    schoolId: query.school_id,
    caseManagerId: query.case_manager_id,
  };
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const total = await countAdminIdeas(tx, tenantId, filter);
    const pages = totalPages(total, query.page_size);
    if (query.page > 1 && query.page > pages) throw notFound(ideaMessages.pageNotFound);
    const rows =
      total === 0
        ? []
        : await adminIdeasPage(tx, tenantId, filter, {
            limit: query.page_size,
            offset: (query.page - 1) * query.page_size,
          });
    return {
      ideas: rows.map((row) => ({
        id: row.id,
        title: row.title,
        created_at: row.created_at,
        principal_investigator: { id: row.pi_id, name: row.pi_name },
        school_name: row.school_name,
        ip_status_name: row.ip_status_name,
        case_manager: row.cm_id === null ? null : { id: row.cm_id, name: row.cm_name ?? '' },
        follower_count: row.follower_count,
      })),
      page: query.page,
      total_pages: pages,
      total_count: total,
    };
  });
}

export async function caseManagerChoices(deps: Deps, tenantId: number, q: string) {
  const users = await inTenant(deps.database.db, tenantId, (tx) =>
    caseManagerCandidates(tx, tenantId, q),
  );
  return { users };
}

const refuse = (message: string) =>
  badRequest(message, [{ field: 'case_manager_id', error: message }]);

/**
 * PUT /admin/ideas/{id}/case-manager: assigns, changes or (null) removes the case manager, with an
 * audit entry. A follow the new case manager had stays until they drop it (ideas/service.ts).
 */
export async function assignCaseManager(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  caseManagerId: number | null,
) {
  const { tenantId } = session;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const idea = await lockIdea(tx, tenantId, ideaId);
    if (!idea) throw notFound(ideaMessages.notFound);
    if (idea.case_manager_id === caseManagerId) return;
    let name: string | null = null;
    if (caseManagerId !== null) {
      if (caseManagerId === idea.principal_investigator_id) {
        throw refuse(caseManagerMessages.isOwner);
      }
      const chosen = await findCandidate(tx, tenantId, caseManagerId);
      if (!chosen) throw refuse(caseManagerMessages.notCandidate);
      name = chosen.name;
    }
    await setCaseManager(tx, tenantId, ideaId, caseManagerId);
    await recordAudit(tx, {
      tenantId,
      actorId: session.userId,
      action: 'idea.case_manager',
      targetType: 'idea',
      targetId: ideaId,
      summary:
        name === null
          ? `Removed ${idea.cm_name} as case manager of “${idea.title}”`
          : `Made ${name} case manager of “${idea.title}”${idea.cm_name ? ` in place of ${idea.cm_name}` : ''}`,
      detail: { from: idea.case_manager_id, to: caseManagerId },
    });
  });
  return { message: caseManagerId === null ? 'Case manager removed.' : 'Case manager assigned.' };
}

/**
 * DELETE /admin/ideas/{id}: removes an idea as its owner's delete does (links, patents, supports and
 * follows go with it), with an audit entry that keeps its title and author.
 */
export async function removeIdea(deps: Deps, session: SessionContext, ideaId: number) {
  const { tenantId } = session;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const idea = await lockIdea(tx, tenantId, ideaId);
    if (!idea) throw notFound(ideaMessages.notFound);
    await deleteIdeaRow(tx, tenantId, ideaId);
    await recordAudit(tx, {
      tenantId,
      actorId: session.userId,
      action: 'idea.remove',
      targetType: 'idea',
      targetId: ideaId,
      summary: `Removed the idea “${idea.title}” by ${idea.pi_name}`,
      detail: {
        title: idea.title,
        principal_investigator_id: idea.principal_investigator_id,
        case_manager_id: idea.case_manager_id,
        followers: idea.follower_count,
      },
    });
  });
  deps.rankings.invalidate(tenantId);
  return { message: 'The idea has been removed.' };
}
