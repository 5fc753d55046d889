import { z } from '@hono/zod-openapi';
import {
  candidateParams,
  errorBody,
  idParam,
  importBody,
  importCandidatesAnswer,
  MAX_IMPORT_FILE_BYTES,
  profileImportAnswer,
  scholarlyMessages,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { badRequest } from '../http/errors.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import {
  acceptCandidate,
  type ImportRequest,
  importCandidates,
  listImportCandidates,
  rejectCandidate,
} from './service.ts';

const referenceFile = z.object({
  file: z
    .instanceof(File, { message: scholarlyMessages.file })
    .openapi({ type: 'string', format: 'binary' }),
});

/** Room for the multipart framing around a file of the largest size allowed. */
const FRAMING_BYTES = 16 * 1024;

const tag = 'Profiles';
const sourceFailed = json(errorBody, 'A source failed or took over 10 s; details name it');
const candidateErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] };

export function scholarlyRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/profiles/{id}/imports',
        operationId: 'importToProfile',
        tag,
        bodyBytes: MAX_IMPORT_FILE_BYTES + FRAMING_BYTES,
        bodyTooLarge: scholarlyMessages.fileTooLarge,
        summary:
          'Finds entries for your profile in ORCID, in DOIs (up to 50) or in a BibTeX or RIS file (up to 1 MiB), as candidates to accept or reject',
        request: {
          params: idParam,
          // Either form, told apart by the Content-Type: each is validated when it is the one sent.
          body: {
            content: {
              'application/json': { schema: importBody },
              'multipart/form-data': { schema: referenceFile },
            },
            required: false,
          },
        },
        responses: {
          201: json(profileImportAnswer, 'The candidates found, and the DOIs no source knows'),
          ...candidateErrors,
          413: json(errorBody, 'The file is over 1 MiB'),
          429: errors[429],
          502: sourceFailed,
        },
      }),
      async (c) => {
        const contentType = c.req.header('content-type') ?? '';
        let request: ImportRequest;
        if (/^multipart\/form-data/i.test(contentType)) request = c.req.valid('form');
        else if (/^application\/json/i.test(contentType)) request = c.req.valid('json');
        else
          throw badRequest(scholarlyMessages.file, [
            { field: 'file', error: scholarlyMessages.file },
          ]);
        const answer = await importCandidates(deps, sessionOf(c), c.req.valid('param').id, request);
        return c.json(answer, 201);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/profiles/{id}/imports',
        operationId: 'listImportCandidates',
        tag,
        summary: 'The import candidates still waiting on your profile, oldest first',
        request: { params: idParam },
        responses: { 200: json(importCandidatesAnswer), ...candidateErrors },
      }),
      async (c) =>
        c.json(await listImportCandidates(deps, sessionOf(c), c.req.valid('param').id), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/profiles/{id}/imports/{cid}/accept',
        operationId: 'acceptImportCandidate',
        tag,
        summary: "Adds the candidate's entry to its section; answers the candidates still waiting",
        request: { params: candidateParams },
        responses: { 200: json(importCandidatesAnswer), ...candidateErrors },
      }),
      async (c) => {
        const { id, cid } = c.req.valid('param');
        return c.json(await acceptCandidate(deps, sessionOf(c), id, cid), 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/profiles/{id}/imports/{cid}/reject',
        operationId: 'rejectImportCandidate',
        tag,
        summary: 'Drops the candidate; answers the candidates still waiting',
        request: { params: candidateParams },
        responses: { 200: json(importCandidatesAnswer), ...candidateErrors },
      }),
      async (c) => {
        const { id, cid } = c.req.valid('param');
        return c.json(await rejectCandidate(deps, sessionOf(c), id, cid), 200);
      },
    );
}
