import {
  expertsAnswer,
  idParam,
  matchQuery,
  searchAnswer,
  searchQuery,
  similarIdeasAnswer,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { experts, search, similar } from './service.ts';

const signedIn = { 400: errors[400], 401: errors[401] };

/** CONTRACT §7 calls; each answers only the session's tenant. */
export function searchRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/search',
        operationId: 'search',
        tag: 'Search',
        summary:
          'Ideas and people matching every word of q: quick results of both without highlights (type=all) or a page of one',
        request: { query: searchQuery },
        responses: { ...signedIn, 404: errors[404], 200: json(searchAnswer) },
      }),
      async (c) => c.json(await search(deps, sessionOf(c), c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas/{id}/experts',
        operationId: 'listIdeaExperts',
        tag: 'Search',
        summary:
          'Active members whose profile best matches the idea, never its principal investigator or case manager, nor the caller',
        request: { params: idParam, query: matchQuery },
        responses: { ...signedIn, 404: errors[404], 200: json(expertsAnswer) },
      }),
      async (c) =>
        c.json(
          await experts(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('query').limit),
          200,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas/{id}/similar',
        operationId: 'listSimilarIdeas',
        tag: 'Search',
        summary: 'The ideas whose text is closest to this one, best first',
        request: { params: idParam, query: matchQuery },
        responses: { ...signedIn, 404: errors[404], 200: json(similarIdeasAnswer) },
      }),
      async (c) =>
        c.json(
          await similar(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('query').limit),
          200,
        ),
    );
}
