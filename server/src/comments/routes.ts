import {
  commentBody,
  commentHiddenBody,
  commentsClosedBody,
  commentsPage,
  createdId,
  idParam,
  messageAnswer,
  pagination,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import {
  closeComments,
  editComment,
  hideComment,
  listComments,
  postComment,
  removeComment,
} from './service.ts';

const tag = 'Discussion' as const;
const signedIn = { 400: errors[400], 401: errors[401] };
const found = { ...signedIn, 404: errors[404] };
const owned = { ...found, 403: errors[403] };
const body = jsonBody(commentBody);

/** CONTRACT §9 comments: any member reads and writes them in the session's tenant. */
export function commentRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ideas/{id}/comments',
        operationId: 'listComments',
        tag,
        summary: "An idea's comments, oldest first, with what the caller may do to each",
        request: { params: idParam, query: pagination },
        responses: { ...found, 200: json(commentsPage) },
      }),
      async (c) =>
        c.json(
          await listComments(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('query')),
          200,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/ideas/{id}/comments',
        operationId: 'postComment',
        tag,
        summary: 'Comments on an idea: plain text, 1 to 2,000 characters after trimming',
        request: { params: idParam, ...body },
        responses: { ...found, 429: errors[429], 201: json(createdId, 'Created') },
      }),
      async (c) =>
        c.json(
          await postComment(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('json').body),
          201,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/comments/{id}',
        operationId: 'editComment',
        tag,
        summary: 'Replaces the text of a comment (its author only)',
        request: { params: idParam, ...body },
        responses: { ...owned, 200: json(messageAnswer) },
      }),
      async (c) =>
        c.json(
          await editComment(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('json').body),
          200,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'delete',
        path: '/comments/{id}',
        operationId: 'deleteComment',
        tag,
        summary: 'Deletes a comment (its author, or an administrator: audited)',
        request: { params: idParam },
        responses: { ...owned, 200: json(messageAnswer) },
      }),
      async (c) => c.json(await removeComment(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/comments/{id}/hidden',
        operationId: 'hideComment',
        tag,
        summary:
          'Hides an abusive comment from everyone but administrators, or shows it again (administrators: audited)',
        request: { params: idParam, ...jsonBody(commentHiddenBody) },
        responses: { ...owned, 200: json(messageAnswer) },
      }),
      async (c) =>
        c.json(
          await hideComment(
            deps,
            sessionOf(c),
            c.req.valid('param').id,
            c.req.valid('json').hidden,
          ),
          200,
        ),
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/ideas/{id}/comments/closed',
        operationId: 'closeComments',
        tag,
        summary:
          "Closes an idea's comments or opens them again (its principal investigator, case manager or an administrator: audited)",
        request: { params: idParam, ...jsonBody(commentsClosedBody) },
        responses: { ...owned, 200: json(messageAnswer) },
      }),
      async (c) =>
        c.json(
          await closeComments(
            deps,
            sessionOf(c),
            c.req.valid('param').id,
            c.req.valid('json').closed,
          ),
          200,
        ),
    );
}
