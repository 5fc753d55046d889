import { OpenAPIHono } from '@hono/zod-openapi';
import { errorBody } from '@kindling/contract';
import type { AppEnv } from '../context.ts';
import { validationHook } from './validation.ts';

/** The document's tags, one per part of the API; every operation has one of them. */
export const apiTags = [
  {
    name: 'Tenant',
    description: "A university's name, branding, roles and terms, read before sign-in",
  },
  { name: 'Auth', description: 'Sign-in, the session, sign-out and password reset' },
  {
    name: 'Account',
    description:
      "A member's own account and security: where they are signed in, their password, their second factor",
  },
  { name: 'Invitations', description: 'Asking for an invitation, inviting, and the claim token' },
  {
    name: 'Lookups',
    description: 'The schools, departments, support types and IP statuses members pick from',
  },
  { name: 'Ideas', description: 'Ideas: the feed, the recommendations, posting and following' },
  {
    name: 'Discussion',
    description: 'Comments on ideas, and expressions of interest in them and their answers',
  },
  {
    name: 'Notifications',
    description:
      "What happened that a member should hear of, their mail settings and the mails' one-click unsubscribe",
  },
  { name: 'People', description: 'The directory of active members' },
  {
    name: 'Search',
    description: 'Keyword search of ideas and people, experts for an idea and similar ideas',
  },
  {
    name: 'Profiles',
    description:
      "A member's profile and photo, their ORCID iD, and imports from ORCID, DOIs and reference files",
  },
  {
    name: 'Administration',
    description: 'The console: members, ideas, branding, terms and the audit log (needs `admin`)',
  },
  {
    name: 'Reference data',
    description: 'The lookups with their use, to rename, deactivate or reactivate (needs `admin`)',
  },
  { name: 'Bulk onboarding', description: 'People added from a CSV file (needs `admin`)' },
  {
    name: 'Single sign-on',
    description: "A university's identity providers, and signing in through them",
  },
] as const;
export type ApiTag = (typeof apiTags)[number]['name'];

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

/** A route's required JSON body, for `request: { ...jsonBody(schema) }`. */
export const jsonBody = <T>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
