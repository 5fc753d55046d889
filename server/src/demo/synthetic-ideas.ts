/** The synthetic seed's ideas, with their support types, links and patents. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../db/client.ts';
import { ADJECTIVES, NOUNS, PURPOSES } from './synthetic-words.ts';

export async function insertIdeas(
  tx: Tx,
  tenantId: number,
  first: number,
  people: number,
  count: number,
) {
  if (count <= 0) return { from: 0, to: -1 };
  const [range] = await queryRows(
    tx,
    sql`
    with authors as (
      select array_agg(id order by id) as ids from users
      where tenant_id = ${tenantId} and role_id in (1, 2, 3)
        and substring(email from '^person([0-9]+)@')::int between ${first} and ${first + people - 1}
    ),
    staff as (
      select array_agg(id order by id) as ids from users
      where tenant_id = ${tenantId} and role_id = 3 and 'admin' <> all(permissions)
    ),
    statuses as (select array_agg(id order by id) as ids from ip_statuses where tenant_id = ${tenantId}),
    made as (
      insert into ideas (tenant_id, title, introduction, problem, opportunity, ip_status_id,
        principal_investigator_id, case_manager_id, created_at, updated_at)
      select ${tenantId}, g.title, g.title || ': ' || 'an early-stage idea looking for partners to test it outside the lab.',
        'Current approaches are expensive, slow or unavailable where they are needed most.',
        'A working prototype could be licensed or spun out within two years.',
        g.ip_status_id, g.principal_investigator_id, g.case_manager_id, g.at, g.at
      from (
        -- The ids are picked here so that the sort below carries them alone: sorting rows that
        -- still held the authors' array (50,000 ids a row) wrote some 40 GB of temporary files.
        select n, ${ADJECTIVES}[1 + floor(random() * 15)::int] || ' ' || ${NOUNS}[1 + floor(random() * 15)::int]
          || ' ' || ${PURPOSES}[1 + floor(random() * 12)::int] as title,
          now() - make_interval(mins => floor(random() * 1576800)::int) as at,
          case when random() < 0.7 then s.ids[1 + floor(random() * cardinality(s.ids))::int] end as ip_status_id,
          a.ids[1 + floor(random() * cardinality(a.ids))::int] as principal_investigator_id,
          case when random() < 0.3 and cardinality(st.ids) > 0 then st.ids[1 + floor(random() * cardinality(st.ids))::int] end as case_manager_id
        from generate_series(1, ${count}::int) as n
          cross join authors a cross join statuses s cross join staff st
        where cardinality(a.ids) > 0
      ) g
      order by g.n
      returning id
    )
    select min(id) as from, max(id) as to from made`,
    z.strictObject({ from: z.number().nullable(), to: z.number().nullable() }),
  );
  const ideaRange = { from: range?.from ?? 0, to: range?.to ?? -1 };
  await tx.execute(sql`
    insert into idea_supports (tenant_id, idea_id, support_id)
    select ${tenantId}, i.id, s.id from ideas i
    join support_types s on s.tenant_id = ${tenantId}
    where i.tenant_id = ${tenantId} and i.id between ${ideaRange.from} and ${ideaRange.to}
      and random() < 0.35
    order by i.id, s.id
    on conflict do nothing`);
  await tx.execute(sql`
    insert into idea_links (tenant_id, idea_id, position, url, title)
    select ${tenantId}, i.id, 0, 'https://research.example.edu/ideas/' || i.id, 'Project page'
    from ideas i where i.tenant_id = ${tenantId} and i.id between ${ideaRange.from} and ${ideaRange.to}
      and i.id % 3 = 0`);
  await tx.execute(sql`
    insert into idea_patents (tenant_id, idea_id, position, number)
    select ${tenantId}, i.id, 0, 'US ' || to_char(10000000 + i.id, 'FM99,999,999') || ' B2'
    from ideas i where i.tenant_id = ${tenantId} and i.id between ${ideaRange.from} and ${ideaRange.to}
      and i.id % 5 = 0`);
  return ideaRange;
}
