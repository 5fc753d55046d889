/**
 * The erasure's and export's steps that are more than deleting or reading the member's rows, each
 * named by its table's entry in inventory.ts, which says in words what it does.
 */
import { privacyMessages } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import { keyRow } from '../db/rows.ts';
import { sameTenant } from '../db/schema-tenants.ts';
import { deleteOwn, type Erase, type Export, mentionsSubject, withoutSubject } from './rows.ts';

const FORMER = privacyMessages.formerMember;
const [FORMER_FIRST, FORMER_LAST] = [
  FORMER.slice(0, FORMER.indexOf(' ')),
  FORMER.slice(FORMER.indexOf(' ') + 1),
];

/** `sso_requests`: see its entry in inventory.ts. */
export const deleteTestSignIns: Erase = async (tx, who) => {
  await tx.execute(sql`delete from sso_requests r using sessions s
    where r.tenant_id = ${who.tenantId} and ${sameTenant('s.id', 'r.test_session_id')}
      and s.user_id = ${who.userId}`);
  return undefined;
};

const exportedIdeaRow = z.strictObject({
  id: z.number(),
  role: z.enum(['principal_investigator', 'case_manager']),
  title: z.string(),
  introduction: z.string(),
  problem: z.string(),
  opportunity: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  links: z.array(z.strictObject({ url: z.string(), title: z.string() })),
  patent_numbers: z.array(z.string()),
});

/** `ideas`: see its entry in inventory.ts. */
export const exportIdeas: Export['read'] = async (tx, who) => {
  return queryRows(
    tx,
    sql`select i.id,
            case when i.principal_investigator_id = ${who.userId}
              then 'principal_investigator' else 'case_manager' end as role,
            i.title, i.introduction, i.problem, i.opportunity, i.created_at, i.updated_at,
            coalesce((select json_agg(json_build_object('url', l.url, 'title', l.title)
                        order by l.position)
                      from idea_links l where ${sameTenant('l.idea_id', 'i.id')}),
                     '[]'::json) as links,
            coalesce((select json_agg(p.number order by p.position) from idea_patents p
                      where ${sameTenant('p.idea_id', 'i.id')}), '[]'::json)
              as patent_numbers
          from ideas i
          where i.tenant_id = ${who.tenantId}
            and (i.principal_investigator_id = ${who.userId} or i.case_manager_id = ${who.userId})
          order by i.created_at, i.id`,
    exportedIdeaRow,
  );
};

/** `ideas`: see its entry in inventory.ts. */
export const endCaseManagement: Erase = async (tx, who) => {
  await tx.execute(sql`update ideas set case_manager_id = null
    where tenant_id = ${who.tenantId} and case_manager_id = ${who.userId}`);
  return undefined;
};

/** `notifications`: see its entry in inventory.ts. */
export const eraseNotifications: Erase = async (tx, who) => {
  await deleteOwn('notifications', 'recipient_id')(tx, who, new Date());
  await tx.execute(sql`update notifications
    set text = ${withoutSubject(sql`text`, who, FORMER)}
    where tenant_id = ${who.tenantId} and actor_id = ${who.userId}`);
  return undefined;
};

/** `uploads`: see its entry in inventory.ts. */
export const deletePhotos: Erase = async (tx, who) => {
  const rows = await queryRows(
    tx,
    sql`delete from uploads where tenant_id = ${who.tenantId} and user_id = ${who.userId}
          and key like ${`${who.tenantId}/${who.userId}/%`} returning key`,
    keyRow,
  );
  return rows.map((row) => row.key);
};

/** `outbox`: see its entry in inventory.ts. */
export const eraseMail: Erase = async (tx, who) => {
  await tx.execute(sql`delete from outbox
    where tenant_id = ${who.tenantId} and lower(to_address) = lower(${who.email})`);
  await tx.execute(sql`update outbox set
      subject = ${withoutSubject(sql`subject`, who, FORMER)},
      text_body = ${withoutSubject(sql`text_body`, who, FORMER)},
      html_body = ${withoutSubject(sql`html_body`, who, FORMER)}
    where tenant_id = ${who.tenantId}
      and (${mentionsSubject(sql`subject || text_body || html_body`, who)})`);
  return undefined;
};

/** `audit_log`: see its entry in inventory.ts. */
export const pseudonymiseAudit: Erase = async (tx, who) => {
  await tx.execute(sql`update audit_log set actor_email = null
    where tenant_id = ${who.tenantId} and actor_id = ${who.userId}`);
  await tx.execute(sql`update audit_log set
      summary = ${withoutSubject(sql`summary`, who, FORMER)},
      detail = (${withoutSubject(sql`detail::text`, who, FORMER)})::jsonb
    where tenant_id = ${who.tenantId}
      and (${mentionsSubject(sql`summary || detail::text`, who)})`);
  return undefined;
};

/**
 * `users`: the row others' records point at becomes 'Former member' with nothing of the member;
 * the triggers refresh its search document and those of the ideas it leads.
 */
export const pseudonymiseMember: Erase = async (tx, who, now) => {
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
};

/**
 * `search_lexemes`: a word of the member's old document stays while any document of its kind
 * (1 ideas, 2 people) still holds it; each check is one probe of that kind's GIN index.
 */
export const forgetLexemes: Erase = async (tx, who) => {
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
};
