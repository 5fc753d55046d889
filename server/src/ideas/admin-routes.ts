import {
  adminIdeasAnswer,
  adminIdeasQuery,
  caseManagerBody,
  caseManagerQuery,
  caseManagersAnswer,
  idParam,
  messageAnswer,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { adminIdeas, assignCaseManager, caseManagerChoices, removeIdea } from './admin-service.ts';

const guarded = { 401: errors[401], 403: errors[403] };

/** The console's ideas: every idea of the tenant, its case manager, and removal. */
export function adminIdeaRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/ideas',
        operationId: 'listAllIdeas',
        tag: 'Administration',
        summary:
          'Every idea, newest first, searched by title and filtered by IP status, school and case manager',
        request: { query: adminIdeasQuery },
        responses: {
          200: json(adminIdeasAnswer),
          400: errors[400],
          404: errors[404],
          ...guarded,
        },
      }),
      async (c) => c.json(await adminIdeas(deps, sessionOf(c).tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/case-managers',
        operationId: 'listCaseManagerChoices',
        tag: 'Administration',
        summary:
          'Who may be made a case manager (active staff and administrators), by name; at most 50',
        request: { query: caseManagerQuery },
        responses: { 200: json(caseManagersAnswer), 400: errors[400], ...guarded },
      }),
      async (c) =>
        c.json(await caseManagerChoices(deps, sessionOf(c).tenantId, c.req.valid('query').q), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/ideas/{id}/case-manager',
        operationId: 'setCaseManager',
        tag: 'Administration',
        summary: "Assigns or changes an idea's case manager, or removes it with null",
        request: { params: idParam, ...jsonBody(caseManagerBody) },
        responses: { 200: json(messageAnswer), 400: errors[400], 404: errors[404], ...guarded },
      }),
      async (c) =>
        c.json(
          await assignCaseManager(
            deps,
            sessionOf(c),
            c.req.valid('param').id,
            c.req.valid('json').case_manager_id,
          ),
          200,
        ),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'delete',
        path: '/admin/ideas/{id}',
        operationId: 'removeIdea',
        tag: 'Administration',
        summary: 'Removes an idea with its links, patents, wanted support and follows',
        request: { params: idParam },
        responses: { 200: json(messageAnswer), 400: errors[400], 404: errors[404], ...guarded },
      }),
      async (c) => c.json(await removeIdea(deps, sessionOf(c), c.req.valid('param').id), 200),
    );
}
