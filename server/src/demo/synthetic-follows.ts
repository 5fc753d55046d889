/** The synthetic seed's follows: random members following random ideas not their own. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { queryCount } from '../db/rows.ts';

export async function insertFollows(
  tx: Tx,
  tenantId: number,
  first: number,
  people: number,
  ideaRange: { from: number; to: number },
  count: number,
) {
  if (count <= 0 || ideaRange.to < ideaRange.from || people <= 0) return 0;
  let inserted = 0;
  // Random pairs collide now and then; a few rounds top the count up to exactly K.
  for (let round = 0; round < 10 && inserted < count; round++) {
    inserted += await queryCount(
      tx,
      sql`
      with members as (
        select array_agg(id order by id) as ids from users
        where tenant_id = ${tenantId}
          and substring(email from '^person([0-9]+)@')::int between ${first} and ${first + people - 1}
      ),
      pairs as (
        select m.ids[1 + floor(random() * cardinality(m.ids))::int] as user_id,
          ${ideaRange.from} + floor(random() * ${ideaRange.to - ideaRange.from + 1})::int as idea_id,
          now() - make_interval(mins => floor(random() * 525600)::int) as at
        from generate_series(1, ${count - inserted}::int) cross join members m
      ),
      made as (
        insert into follows (tenant_id, user_id, idea_id, created_at)
        select ${tenantId}, p.user_id, p.idea_id, p.at from pairs p
        join ideas i on i.tenant_id = ${tenantId} and i.id = p.idea_id
        where p.user_id <> i.principal_investigator_id
          and p.user_id is distinct from i.case_manager_id
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from made`,
    );
  }
  return inserted;
}
