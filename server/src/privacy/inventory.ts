/**
 * THE list of what Kindling holds about a member (CONTRACT §11, docs/decisions/0041): every table of
 * the database, either how it holds a member's data (the column linking a row to them, what the
 * export takes, what erasure does) or why it holds none. `GET /me/export` and erasure are both
 * built from it, in its order, so they cannot drift; `inventory.test.ts` fails when a table, or a
 * column that looks personal, is in the database and not here. A new table is one entry.
 */
import { privacyMessages } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import {
  deleteOwn,
  type Erase,
  type Export,
  mentionsSubject,
  ownRows,
  withoutSubject,
} from './rows.ts';

export type InventoryEntry = {
  table: string;
  /** Each column that could hold personal data (a name, an address, text someone wrote), and what it is. */
  columns: Record<string, string>;
} & (
  | { holds: 'nothing'; reason: string }
  | {
      holds: 'member';
      /** The column that links a row to the member. */
      link: string;
      /** What erasure does, in words (docs/security.md and the decision record quote these). */
      erasure: string;
      /** Absent where the rows are secrets or bookkeeping only (said in `erasure`). */
      export?: Export;
      erase: Erase;
    }
);

const FORMER = privacyMessages.formerMember;
const [FORMER_FIRST, FORMER_LAST] = [
  FORMER.slice(0, FORMER.indexOf(' ')),
  FORMER.slice(FORMER.indexOf(' ') + 1),
];
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

export const inventory: readonly InventoryEntry[] = [
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
  {
    table: 'sso_requests',
    holds: 'member',
    link: 'test_session_id',
    columns: {
      redirect: 'a path of the app',
      result: 'what a provider sent about the administrator in a test sign-in',
    },
    erasure: "Deleted: an administrator's test sign-ins, by their sessions (rows live minutes).",
    erase: async (tx, who) => {
      await tx.execute(sql`delete from sso_requests r using sessions s
        where r.tenant_id = ${who.tenantId} and s.tenant_id = r.tenant_id
          and s.id = r.test_session_id and s.user_id = ${who.userId}`);
      return undefined;
    },
  },
  {
    table: 'sessions',
    holds: 'member',
    link: 'user_id',
    columns: {
      user_agent: "the member's browser at sign-in",
      token_hash: 'a secret: never exported',
    },
    erasure: 'Deleted: every session ends.',
    export: ownRows(
      'sessions',
      'sessions',
      'user_id',
      ['id', 'issued_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent'],
      { order: 'issued_at' },
    ),
    erase: deleteOwn('sessions', 'user_id'),
  },
  {
    table: 'accounts',
    holds: 'member',
    link: 'user_id',
    columns: { subject: 'the account id of SPEC §3', password_hash: 'a secret: never exported' },
    erasure: 'Deleted: nothing can sign in as the member.',
    export: {
      ...ownRows('account', 'accounts', 'user_id', ['created_at', 'password_changed_at']),
      one: true,
    },
    erase: deleteOwn('accounts', 'user_id'),
  },
  {
    table: 'user_tokens',
    holds: 'member',
    link: 'user_id',
    columns: { token_hash: 'a secret' },
    erasure: 'Deleted. Not exported: claim links and reset codes are secrets.',
    erase: deleteOwn('user_tokens', 'user_id'),
  },
  {
    table: 'user_identities',
    holds: 'member',
    link: 'user_id',
    columns: { subject: "the member's identifier at their institution's provider" },
    erasure: 'Deleted: the institution can no longer sign in as the member.',
    export: ownRows('identities', 'user_identities', 'user_id', [
      'provider_id',
      'issuer',
      'subject',
      'created_at',
      'last_sign_in_at',
    ]),
    erase: deleteOwn('user_identities', 'user_id'),
  },
  {
    table: 'totp_authenticators',
    holds: 'member',
    link: 'user_id',
    columns: { secret_sealed: 'a secret: never exported' },
    erasure: 'Deleted.',
    export: ownRows('two_step_verification', 'totp_authenticators', 'user_id', [
      'created_at',
      'enabled_at',
    ]),
    erase: deleteOwn('totp_authenticators', 'user_id'),
  },
  {
    table: 'recovery_codes',
    holds: 'member',
    link: 'user_id',
    columns: { code_hash: 'a secret: never exported' },
    erasure: 'Deleted.',
    export: ownRows('recovery_codes', 'recovery_codes', 'user_id', ['id', 'used_at'], {
      order: 'id',
    }),
    erase: deleteOwn('recovery_codes', 'user_id'),
  },
  {
    table: 'mfa_challenges',
    holds: 'member',
    link: 'user_id',
    columns: { token_hash: 'a secret' },
    erasure: 'Deleted. Not exported: sign-ins waiting minutes for a code, secrets.',
    erase: deleteOwn('mfa_challenges', 'user_id'),
  },
  {
    table: 'follows',
    holds: 'member',
    link: 'user_id',
    columns: {},
    erasure: 'Deleted.',
    export: ownRows('follows', 'follows', 'user_id', ['idea_id', 'created_at']),
    erase: deleteOwn('follows', 'user_id'),
  },
  {
    table: 'interest_requests',
    holds: 'member',
    link: 'requester_id',
    columns: {
      message: 'what the member wrote',
      reason: "the office's answer to the member",
    },
    erasure: "Deleted: the member's requests and their messages.",
    export: ownRows('interest', 'interest_requests', 'requester_id', [
      'id',
      'idea_id',
      'kind',
      'message',
      'status',
      'reason',
      'created_at',
      'first_answered_at',
      'updated_at',
    ]),
    erase: deleteOwn('interest_requests', 'requester_id'),
  },
  {
    table: 'comments',
    holds: 'member',
    link: 'author_id',
    columns: { body: 'what the member wrote' },
    erasure: "Kept (CONTRACT §11): their author reads 'Former member'.",
    export: ownRows('comments', 'comments', 'author_id', [
      'id',
      'idea_id',
      'body',
      'created_at',
      'edited_at',
      'hidden_at',
    ]),
    erase: async () => undefined,
  },
  {
    table: 'ideas',
    holds: 'member',
    link: 'principal_investigator_id',
    columns: { search_doc: "the idea's words and its principal investigator's name, for search" },
    erasure:
      "Kept (CONTRACT §11), led by 'Former member' (their search documents renamed by trigger); the member is no longer anyone's case manager.",
    export: {
      key: 'ideas',
      read: async (tx, who) => {
        return queryRows(
          tx,
          sql`select i.id,
                case when i.principal_investigator_id = ${who.userId}
                  then 'principal_investigator' else 'case_manager' end as role,
                i.title, i.introduction, i.problem, i.opportunity, i.created_at, i.updated_at,
                coalesce((select json_agg(json_build_object('url', l.url, 'title', l.title)
                            order by l.position)
                          from idea_links l where l.tenant_id = i.tenant_id and l.idea_id = i.id),
                         '[]'::json) as links,
                coalesce((select json_agg(p.number order by p.position) from idea_patents p
                          where p.tenant_id = i.tenant_id and p.idea_id = i.id), '[]'::json)
                  as patent_numbers
              from ideas i
              where i.tenant_id = ${who.tenantId}
                and (i.principal_investigator_id = ${who.userId} or i.case_manager_id = ${who.userId})
              order by i.created_at, i.id`,
        );
      },
    },
    erase: async (tx, who) => {
      await tx.execute(sql`update ideas set case_manager_id = null
        where tenant_id = ${who.tenantId} and case_manager_id = ${who.userId}`);
      return undefined;
    },
  },
  {
    table: 'notifications',
    holds: 'member',
    link: 'recipient_id',
    columns: { text: "a notice's sentence, naming the member who acted" },
    erasure:
      "The member's own deleted; others' that name the member as their actor say 'Former member'.",
    export: ownRows('notifications', 'notifications', 'recipient_id', [
      'id',
      'kind',
      'idea_id',
      'text',
      'link',
      'created_at',
      'read_at',
      'mailed_at',
    ]),
    erase: async (tx, who) => {
      await deleteOwn('notifications', 'recipient_id')(tx, who, new Date());
      await tx.execute(sql`update notifications
        set text = ${withoutSubject(sql`text`, who, FORMER)}
        where tenant_id = ${who.tenantId} and actor_id = ${who.userId}`);
      return undefined;
    },
  },
  {
    table: 'notification_settings',
    holds: 'member',
    link: 'user_id',
    columns: {},
    erasure: 'Deleted.',
    export: ownRows(
      'notification_settings',
      'notification_settings',
      'user_id',
      ['kind', 'frequency'],
      { order: 'kind' },
    ),
    erase: deleteOwn('notification_settings', 'user_id'),
  },
  {
    table: 'notification_tallies',
    holds: 'member',
    link: 'user_id',
    columns: {},
    erasure: 'Deleted (a count of the notifications above).',
    erase: deleteOwn('notification_tallies', 'user_id'),
  },
  {
    table: 'import_candidates',
    holds: 'member',
    link: 'user_id',
    columns: { entry: 'a profile entry an import found for the member' },
    erasure: 'Deleted.',
    export: ownRows('import_candidates', 'import_candidates', 'user_id', [
      'id',
      'section',
      'source',
      'entry',
      'created_at',
    ]),
    erase: deleteOwn('import_candidates', 'user_id'),
  },
  {
    table: 'uploads',
    holds: 'member',
    link: 'user_id',
    columns: { url: "the member's photo (or a logo they uploaded for the tenant)" },
    erasure:
      "The member's photos deleted, rows now and files once the erasure has committed; logos they uploaded are the tenant's and stay.",
    export: ownRows(
      'photos',
      'uploads',
      'user_id',
      ['url', 'content_type', 'bytes', 'created_at'],
      {
        where: sql`key not like '%/branding/%'`,
      },
    ),
    erase: async (tx, who) => {
      const rows = await queryRows<{ key: string }>(
        tx,
        sql`delete from uploads where tenant_id = ${who.tenantId} and user_id = ${who.userId}
              and key like ${`${who.tenantId}/${who.userId}/%`} returning key`,
      );
      return rows.map((row) => row.key);
    },
  },
  {
    table: 'outbox',
    holds: 'member',
    link: 'to_address',
    columns: {
      to_address: "the member's e-mail address",
      message_id: "the mail's Message-ID, random",
      from_address: "the tenant's sender",
      subject: 'a mail subject, which may name the member',
      text_body: 'a mail, which may name the member',
      html_body: 'a mail, which may name the member',
    },
    erasure:
      "Mail to the member deleted, sent or waiting; mail to others that names the member says 'Former member' instead. Not exported: mails carry claim links and reset codes.",
    erase: async (tx, who) => {
      await tx.execute(sql`delete from outbox
        where tenant_id = ${who.tenantId} and lower(to_address) = lower(${who.email})`);
      await tx.execute(sql`update outbox set
          subject = ${withoutSubject(sql`subject`, who, FORMER)},
          text_body = ${withoutSubject(sql`text_body`, who, FORMER)},
          html_body = ${withoutSubject(sql`html_body`, who, FORMER)}
        where tenant_id = ${who.tenantId}
          and (${mentionsSubject(sql`subject || text_body || html_body`, who)})`);
      return undefined;
    },
  },
  {
    table: 'audit_log',
    holds: 'member',
    link: 'actor_id',
    columns: {
      actor_email: "the acting member's e-mail, copied",
      summary: 'a sentence naming who acted and on whom',
      detail: 'what changed, which may name a member',
    },
    erasure:
      "Kept with the actor pseudonymised (CONTRACT §11): no e-mail, and 'Former member' wherever an entry named the member.",
    export: ownRows('audit', 'audit_log', 'actor_id', [
      'id',
      'action',
      'target_type',
      'target_id',
      'summary',
      'created_at',
    ]),
    erase: async (tx, who) => {
      await tx.execute(sql`update audit_log set actor_email = null
        where tenant_id = ${who.tenantId} and actor_id = ${who.userId}`);
      await tx.execute(sql`update audit_log set
          summary = ${withoutSubject(sql`summary`, who, FORMER)},
          detail = (${withoutSubject(sql`detail::text`, who, FORMER)})::jsonb
        where tenant_id = ${who.tenantId}
          and (${mentionsSubject(sql`summary || detail::text`, who)})`);
      return undefined;
    },
  },
  {
    table: 'users',
    holds: 'member',
    link: 'id',
    columns: {
      email: 'the member',
      first_name: 'the member',
      last_name: 'the member',
      headline: 'the profile',
      location: 'the profile',
      bio: 'the profile',
      profile_image_url: 'the profile',
      linkedin_url: 'the profile',
      google_scholar_url: 'the profile',
      faculty_page_url: 'the profile',
      orcid: 'the profile',
      orcid_verified: 'the profile',
      search_doc: "the profile's words, for search (kept by trigger)",
    },
    erasure:
      "Pseudonymised, not deleted, as ideas, comments and audit entries point at it: named 'Former member', an e-mail of its id at erased.invalid (so the address may be invited again), every profile field and section emptied, no permission, disabled, erased_at set.",
    export: {
      one: true,
      ...ownRows(
        'profile',
        'users',
        'id',
        [
          'id',
          'email',
          'first_name',
          'last_name',
          'role_id',
          'school_id',
          'department_id',
          'headline',
          'location',
          'bio',
          'profile_image_url',
          'linkedin_url',
          'google_scholar_url',
          'faculty_page_url',
          'orcid',
          'orcid_verified',
          'education',
          'experience',
          'patents',
          'projects',
          'publications',
          'grants',
          'permissions',
          'admin_status_id',
          'user_status_id',
          'is_disabled',
          'invited_by_id',
          'created_at',
          'updated_at',
        ],
        { order: 'id' },
      ),
    },
    erase: async (tx, who, now) => {
      await tx.execute(sql`update users set
          email = 'erased-' || id || '@erased.invalid',
          first_name = ${FORMER_FIRST}, last_name = ${FORMER_LAST},
          headline = '', location = '', bio = '', profile_image_url = null,
          linkedin_url = null, google_scholar_url = null, faculty_page_url = null,
          orcid = null, orcid_verified = false,
          education = '[]', experience = '[]', patents = '[]', projects = '[]',
          publications = '[]', grants = '[]',
          permissions = '{}', is_disabled = true,
          erased_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
        where tenant_id = ${who.tenantId} and id = ${who.userId}`);
      return undefined;
    },
  },
  {
    table: 'search_lexemes',
    holds: 'member',
    link: 'lexeme',
    columns: { lexeme: 'a word of some search document' },
    erasure:
      "The words of the member's search document that no other document of the tenant holds any more are forgotten, so the one-typo rule cannot suggest them.",
    erase: async (tx, who) => {
      if (who.lexemes.length === 0) return undefined;
      await tx.execute(sql`delete from search_lexemes l
        where l.tenant_id = ${who.tenantId}
          and l.lexeme in (select jsonb_array_elements_text(${JSON.stringify(who.lexemes)}::jsonb))
          and not (case l.kind
            when 1 then exists (select 1 from ideas i where i.tenant_id = l.tenant_id
                                  and i.search_doc @@ quote_literal(l.lexeme)::tsquery)
            else exists (select 1 from users u where u.tenant_id = l.tenant_id
                           and u.search_doc @@ quote_literal(l.lexeme)::tsquery)
          end)`);
      return undefined;
    },
  },
];
