import {
  ideaInterestAnswer,
  idParam,
  interestAnswerBody,
  interestBody,
  interestCreated,
  messageAnswer,
  myInterestAnswer,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { answerInterest, expressInterest, listIdeaInterest, listMyInterest } from './service.ts';

const tag = 'Discussion' as const;
const signedIn = { 400: errors[400], 401: errors[401] };
const owned = { ...signedIn, 403: errors[403], 404: errors[404] };

/** CONTRACT §9 expressions of interest: asked by members, answered by the idea's office. */
export function interestRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/ideas/{id}/interest',
        operationId: 'expressInterest',
        tag,
        summary:
          "Expresses interest in an idea: one open request per member and idea, never one's own",
        request: { params: idParam, ...jsonBody(interestBody) },
        responses: {
          ...owned,
          409: errors[409],
          429: errors[429],
          201: json(interestCreated, 'Created'),
        },
      }),
      async (c) =>
        c.json(
          await expressInterest(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas/{id}/interest',
        operationId: 'listIdeaInterest',
        tag,
        summary:
          "An idea's interest requests, newest first, with how long each waited (its principal investigator, case manager or an administrator)",
        request: { params: idParam },
        responses: { ...owned, 200: json(ideaInterestAnswer) },
      }),
      async (c) => c.json(await listIdeaInterest(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/me/interest',
        operationId: 'listMyInterest',
        tag,
        summary: "The caller's own interest requests, newest first, with their ideas and statuses",
        responses: { 401: errors[401], 200: json(myInterestAnswer) },
      }),
      async (c) => c.json(await listMyInterest(deps, sessionOf(c)), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/interest/{id}',
        operationId: 'answerInterest',
        tag,
        summary:
          "Answers an interest request: responded, declined with a reason, or closed (the idea's principal investigator, case manager or an administrator)",
        request: { params: idParam, ...jsonBody(interestAnswerBody) },
        responses: { ...owned, 409: errors[409], 200: json(messageAnswer) },
      }),
      async (c) =>
        c.json(
          await answerInterest(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    );
}
