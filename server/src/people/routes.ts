import {
  peopleCountAnswer,
  peopleFilterQuery,
  peopleListPage,
  peoplePickerAnswer,
  peoplePickerQuery,
  peopleQuery,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { peopleCount, peoplePicker, searchPeople } from './service.ts';

const signedIn = { 400: errors[400], 401: errors[401] };

/**
 * The people directory. Mounted before the auth routes: their GET /users/{id} would otherwise
 * take /users/count as an id.
 */
export function peopleRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/users',
        operationId: 'listPeople',
        tag: 'People',
        summary:
          'Active members as people cards, by name, or by relevance to q; a page past the last is 404',
        request: { query: peopleQuery },
        responses: { ...signedIn, 200: json(peopleListPage), 404: errors[404] },
      }),
      async (c) =>
        c.json(await searchPeople(deps, sessionOf(c).tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/users/count',
        operationId: 'countPeople',
        tag: 'People',
        summary: 'How many active members the directory filters match',
        request: { query: peopleFilterQuery },
        responses: { ...signedIn, 200: json(peopleCountAnswer) },
      }),
      async (c) =>
        c.json(await peopleCount(deps, sessionOf(c).tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/filter/users',
        operationId: 'listPeopleChoices',
        tag: 'People',
        summary: 'Up to 50 active members whose name contains q (any case), by name',
        request: { query: peoplePickerQuery },
        responses: { ...signedIn, 200: json(peoplePickerAnswer) },
      }),
      async (c) =>
        c.json(await peoplePicker(deps, sessionOf(c).tenantId, c.req.valid('query')), 200),
    );
}
