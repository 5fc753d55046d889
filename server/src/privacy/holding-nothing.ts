/**
 * The tables of the inventory (inventory.ts) that hold no member's personal data, and why: the
 * tenant's configuration and reference lists, counts, caches and the scheduler's claims.
 */
import type { InventoryEntry } from './rows.ts';

const reference = (table: string) =>
  ({
    table,
    holds: 'nothing',
    reason: "The tenant's reference list, named by administrators.",
    columns: { name: 'an entry of the list' },
  }) as const satisfies InventoryEntry;
const tally = (table: string, what: string) =>
  ({
    table,
    holds: 'nothing',
    reason: `A count kept by triggers (${what}); it names nobody.`,
    columns: {},
  }) as const satisfies InventoryEntry;

export const holdingNothing: readonly InventoryEntry[] = [
  {
    table: 'tenants',
    holds: 'nothing',
    reason: 'The institution: its domain, name, branding, terms and settings.',
    columns: { name: "the institution's name" },
  },
  {
    table: 'roles',
    holds: 'nothing',
    reason: "The tenant's roles and their permissions.",
    columns: { name: 'a role' },
  },
  reference('schools'),
  reference('departments'),
  reference('support_types'),
  reference('ip_statuses'),
  {
    table: 'identity_providers',
    holds: 'nothing',
    reason: "The institution's single sign-on configuration.",
    columns: {
      name: "the provider's name",
      email_domains: "the institution's domains",
      sealed: "the provider's secrets",
    },
  },
  {
    table: 'sso_assertions',
    holds: 'nothing',
    reason: 'SAML assertion ids kept until they expire, so none is used twice; they name nobody.',
    columns: {},
  },
  {
    table: 'doi_works',
    holds: 'nothing',
    reason:
      "The tenant's cache of published works by DOI (Crossref, OpenAlex): public bibliography, linked to no member.",
    columns: {},
  },
  {
    table: 'job_runs',
    holds: 'nothing',
    reason: "The scheduler's deployment-wide claims.",
    columns: {},
  },
  {
    table: 'tenant_job_runs',
    holds: 'nothing',
    reason: "The scheduler's claims of a tenant's periods (digests).",
    columns: {},
  },
  tally('idea_tallies', "a tenant's ideas"),
  tally('member_tallies', "a tenant's active members"),
  tally('comment_tallies', "an idea's comments"),
  {
    table: 'search_versions',
    holds: 'nothing',
    reason:
      "The last transaction that changed a tenant's search postings of each kind (decision 0063): a number, naming nobody.",
    columns: {},
  },
  {
    table: 'idea_links',
    holds: 'nothing',
    reason:
      'Part of an idea, which outlives its principal investigator (CONTRACT §11); exported with it.',
    columns: { url: "a link of the idea's" },
  },
  {
    table: 'idea_patents',
    holds: 'nothing',
    reason:
      'Part of an idea, which outlives its principal investigator (CONTRACT §11); exported with it.',
    columns: {},
  },
  {
    table: 'idea_supports',
    holds: 'nothing',
    reason: 'Part of an idea: the support it asks for.',
    columns: {},
  },
];
