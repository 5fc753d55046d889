import { z } from '@hono/zod-openapi';
import {
  errorBody,
  idParam,
  limits,
  orcidBody,
  photoAnswer,
  profileAnswer,
  profileMessages,
  profileUpdateBody,
  userProfile,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { saveOrcid, saveProfile, uploadPhoto, viewProfile } from './service.ts';

const photoForm = z.object({
  file: z
    .instanceof(File, { message: profileMessages.photoMissing })
    .openapi({ type: 'string', format: 'binary' }),
});

export function profileRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/profiles/{id}',
        operationId: 'getProfile',
        tag: 'Profiles',
        summary: "A member's profile with its sections and their ideas",
        request: { params: idParam },
        responses: { 200: json(userProfile), 400: errors[400], 401: errors[401], 404: errors[404] },
      }),
      async (c) => c.json(await viewProfile(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/profiles/{id}',
        operationId: 'updateProfile',
        tag: 'Profiles',
        summary: 'Saves your own profile; the bio is sanitised HTML',
        request: { params: idParam, ...jsonBody(profileUpdateBody) },
        responses: {
          200: json(profileAnswer),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
        },
      }),
      async (c) => {
        const profile = await saveProfile(
          deps,
          sessionOf(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        );
        return c.json({ profile }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/profiles/{id}/orcid',
        operationId: 'updateOrcid',
        tag: 'Profiles',
        summary:
          'Sets or clears your ORCID iD (checked as ORCID checks it); a typed iD is unverified',
        request: { params: idParam, ...jsonBody(orcidBody) },
        responses: {
          200: json(profileAnswer),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const profile = await saveOrcid(deps, sessionOf(c), id, c.req.valid('json').orcid);
        return c.json({ profile }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/profiles/{id}/photo',
        operationId: 'uploadProfilePhoto',
        bodyBytes: limits.photoBytes,
        tag: 'Profiles',
        summary:
          'Uploads your photo (JPEG, PNG, GIF or SVG, up to 10 MiB); answers the URL of a re-encoded JPEG for the next profile save',
        request: {
          params: idParam,
          body: { content: { 'multipart/form-data': { schema: photoForm } }, required: true },
        },
        responses: {
          200: json(photoAnswer),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          413: json(errorBody, 'The body is over 10 MiB'),
        },
      }),
      async (c) =>
        c.json(
          await uploadPhoto(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('form').file),
          200,
        ),
    );
}
