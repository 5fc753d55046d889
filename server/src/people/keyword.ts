/**
 * The directory and its count with a keyword (CONTRACT §7): active members whose profile matches
 * every word, through the GIN index (search/corpus.ts), in one statement for a page and its total.
 */
import type { PeopleFilter } from '@kindling/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { queryCount } from '../db/rows.ts';
import { memberColumnsSql, memberPlaceJoins } from '../db/user-joins.ts';
import {
  matchingPeople,
  type Order,
  PEOPLE,
  pageOfMatches,
  rankedPeople,
  searchQuery,
} from '../search/corpus.ts';
import { bioText, headline } from '../search/highlights.ts';
import type { KeptCount } from '../search/search-counts.ts';
import { personCard } from './repository.ts';

/** A person card as raw reads select it (`cardColumns`): listPeople's row, checked by the tests. */
export const personCardRow = z.strictObject({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  roleIcon: z.string(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  experience: z.unknown(),
});

const keywordPersonRow = personCardRow.extend({
  total: z.number(),
  counted: z.string().nullable(),
  excerpt: z.string().nullable(),
});

const ids = (values: number[]) => sql`= any(${sql.param(values)}::int[])`;

const filtered = (filter: PeopleFilter) =>
  Boolean(filter.user_id || filter.role_id || filter.school_id || filter.department_id);

/** The directory's filters on the member aliased `u` (people/repository.ts activeMembers). */
function narrowed(filter: PeopleFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.user_id) parts.push(sql`u.id ${ids(filter.user_id)}`);
  if (filter.role_id) parts.push(sql`u.role_id ${ids(filter.role_id)}`);
  if (filter.school_id) parts.push(sql`u.school_id ${ids(filter.school_id)}`);
  if (filter.department_id) parts.push(sql`u.department_id ${ids(filter.department_id)}`);
  return sql.join(parts, sql` and `);
}

const directoryName = sql`lower(u.first_name || ' ' || u.last_name)`;

const ordered = (order: Order, alias: string) =>
  sql.raw(
    order === 'relevance'
      ? `${alias}.rank desc, ${alias}.id`
      : `${alias}.name ${order}, ${alias}.id ${order}`,
  );

/** Matches as (id, rank, name); the member's row is read only for a filter or the name order. */
function hits(tenantId: number, filter: PeopleFilter, order: Order | 'none'): SQL {
  const found =
    order === 'relevance'
      ? rankedPeople(sql`(select tsq from query)`, null)
      : matchingPeople(sql`(select tsq from query)`);
  if (!filtered(filter) && order === 'none') {
    return sql`select s.id, s.rank, null::text as name from ${found} s`;
  }
  return sql`select s.id, s.rank, ${directoryName} as name from ${found} s
    join users u on u.tenant_id = ${tenantId} and u.id = s.id
    where ${narrowed(filter)}`;
}

/** The page's matches and the number of all matches (search/corpus.ts pageOfMatches). */
function pageOf(
  tenantId: number,
  filter: PeopleFilter,
  order: Order,
  page: { offset: number; limit: number },
  kept: KeptCount | undefined,
): SQL {
  return order === 'relevance' && !filtered(filter)
    ? pageOfMatches({ ranked: rankedPeople(sql`(select tsq from query)`, page, kept) }, page)
    : pageOfMatches({ hits: hits(tenantId, filter, order), order: ordered(order, 'h') }, page);
}

/** What a member's excerpts are cut from: their profile as the page shows it. */
const profileText = sql`concat_ws(' … ', u.headline, s.name, d.name, ${bioText(sql`u.bio`)},
  public.search_section_text(u.experience, '{title,organization,description}'),
  public.search_section_text(u.education, '{institution,degree,activities}'),
  public.search_section_text(u.patents, '{title,patent_number}'),
  public.search_section_text(u.projects, '{title,description}'),
  public.search_section_text(u.publications, '{title,authors,venue}'),
  public.search_section_text(u.grants, '{organization,grant_number,title,description}'))`;

/** The person card of people/repository.ts listPeople, for the member aliased `u`. */
export const cardColumns = memberColumnsSql(personCard);

/**
 * A page of matching members with their total (and what it may be kept under), and their
 * excerpts when `excerpts` asks; a total `kept` before is answered while it holds.
 */
export function keywordPeoplePage(
  db: Executor,
  tenantId: number,
  filter: PeopleFilter & { q: string },
  order: Order,
  page: { offset: number; limit: number },
  { excerpts }: { excerpts: boolean },
  kept?: KeptCount,
) {
  return queryRows(
    db,
    sql`with query as materialized (select ${searchQuery(PEOPLE, filter.q)} as tsq),
        page as materialized (${pageOf(tenantId, filter, order, page, kept)})
        select ${cardColumns}, p.total, p.counted,
          ${excerpts ? headline(profileText, sql`(select tsq from query)`) : sql`null`} as excerpt
        from page p
        join users u on u.tenant_id = ${tenantId} and u.id = p.id
        ${memberPlaceJoins}
        order by ${ordered(order, 'p')}`,
    keywordPersonRow,
  );
}

export async function countKeywordPeople(
  db: Executor,
  tenantId: number,
  filter: PeopleFilter & { q: string },
): Promise<number> {
  return queryCount(
    db,
    sql`with query as materialized (select ${searchQuery(PEOPLE, filter.q)} as tsq)
        select count(*)::int as n from (${hits(tenantId, filter, 'none')}) h`,
  );
}
