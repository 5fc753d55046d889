import { OpenAPIHono } from '@hono/zod-openapi';
import { errorBody } from '@kindling/contract';
import type { AppEnv } from '../context.ts';
import { validationHook } from './validation.ts';

/** A router whose every route validates with the shared hook, so failures have one shape. */
export function router() {
  return new OpenAPIHono<AppEnv>({ defaultHook: (result) => validationHook(result) });
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

export const errors = {
  400: error('Invalid input; one detail per failing field'),
  401: error('No live session'),
  403: error('Not permitted'),
  404: error('Not found, or belongs to another tenant'),
  409: error('Conflicts with an existing record'),
  423: error('Not approved by an administrator yet'),
  429: error('Rate limited'),
} as const;

export const json = <T>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
