import {
  followAnswer,
  ideaBody,
  ideaCountAnswer,
  ideaDetail,
  ideaFilters,
  ideaIdAnswer,
  ideaListPage,
  ideaListQuery,
  ideaOwnersAnswer,
  ideaOwnersQuery,
  ideasPage,
  idParam,
  messageAnswer,
  pagination,
  recommendedIdeasPage,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import {
  countMatchingIdeas,
  createIdea,
  deleteIdea,
  followIdea,
  getIdea,
  ideaOwners,
  listIdeas,
  memberIdeas,
  recommendedIdeas,
  unfollowIdea,
  updateIdea,
} from './service.ts';

const tag = 'Ideas' as const;
const signedIn = { 400: errors[400], 401: errors[401] };
const paged = { ...signedIn, 404: errors[404] };
const owned = { ...signedIn, 403: errors[403], 404: errors[404] };
const body = jsonBody(ideaBody);

/** CONTRACT §3 idea calls; every one needs a session and works in the session's tenant only. */
export function ideaRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas',
        operationId: 'listIdeas',
        tag,
        summary:
          'Ideas matching the filters and every word of q; newest first, or by relevance with q, unless sort_order is given',
        request: { query: ideaListQuery },
        responses: { ...paged, 200: json(ideaListPage) },
      }),
      async (c) => c.json(await listIdeas(deps, sessionOf(c), c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas/count',
        operationId: 'countIdeas',
        tag,
        summary: 'How many ideas match the filters: the total of GET /ideas',
        request: { query: ideaFilters },
        responses: { ...signedIn, 200: json(ideaCountAnswer) },
      }),
      async (c) => c.json(await countMatchingIdeas(deps, sessionOf(c), c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/recommendations/ideas',
        operationId: 'listRecommendedIdeas',
        tag,
        summary: "Ideas ranked for the signed-in member, the member's own last",
        request: { query: pagination },
        responses: { ...paged, 200: json(recommendedIdeasPage) },
      }),
      async (c) => c.json(await recommendedIdeas(deps, sessionOf(c), c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/users/{id}/ideas',
        operationId: 'listMemberIdeas',
        tag,
        summary: 'Ideas whose principal investigator is this member, newest first',
        request: { params: idParam, query: pagination },
        responses: { ...paged, 200: json(ideasPage) },
      }),
      async (c) =>
        c.json(
          await memberIdeas(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('query')),
          200,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/filter/idea-owners',
        operationId: 'listIdeaOwners',
        tag,
        summary: 'Active members who lead at least one idea, by name (at most 50)',
        request: { query: ideaOwnersQuery },
        responses: { ...signedIn, 200: json(ideaOwnersAnswer) },
      }),
      async (c) => c.json(await ideaOwners(deps, sessionOf(c), c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas/{id}',
        operationId: 'getIdea',
        tag,
        summary: 'One idea (SPEC §3 idea, read)',
        request: { params: idParam },
        responses: { ...signedIn, 404: errors[404], 200: json(ideaDetail) },
      }),
      async (c) => c.json(await getIdea(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: { permission: 'create_idea' },
        method: 'post',
        path: '/ideas',
        operationId: 'createIdea',
        tag,
        summary: 'Posts an idea; the poster is its principal investigator (needs create_idea)',
        request: body,
        responses: { ...signedIn, 403: errors[403], 201: json(ideaIdAnswer, 'Created') },
      }),
      async (c) => c.json(await createIdea(deps, sessionOf(c), c.req.valid('json')), 201),
    )
    .openapi(
      route({
        access: { permission: 'update_idea' },
        method: 'put',
        path: '/ideas/{id}',
        operationId: 'updateIdea',
        tag,
        summary: 'Replaces an idea (needs update_idea and ownership)',
        request: { params: idParam, ...body },
        responses: { ...owned, 200: json(ideaIdAnswer) },
      }),
      async (c) =>
        c.json(
          await updateIdea(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      route({
        access: { permission: 'delete_idea' },
        method: 'delete',
        path: '/ideas/{id}',
        operationId: 'deleteIdea',
        tag,
        summary: 'Deletes an idea (needs delete_idea and ownership)',
        request: { params: idParam },
        responses: { ...owned, 200: json(messageAnswer) },
      }),
      async (c) => c.json(await deleteIdea(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/ideas/{id}/follow',
        operationId: 'followIdea',
        tag,
        summary: "Follows an idea; idempotent; not one's own",
        request: { params: idParam },
        responses: { ...owned, 200: json(followAnswer) },
      }),
      async (c) => c.json(await followIdea(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'delete',
        path: '/ideas/{id}/unfollow',
        operationId: 'unfollowIdea',
        tag,
        summary: 'Stops following an idea; idempotent',
        request: { params: idParam },
        responses: { ...signedIn, 404: errors[404], 200: json(followAnswer) },
      }),
      async (c) => c.json(await unfollowIdea(deps, sessionOf(c), c.req.valid('param').id), 200),
    );
}
