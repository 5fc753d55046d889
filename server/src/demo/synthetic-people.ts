/** The synthetic seed's schools, departments and members with full profiles and passwords. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../db/client.ts';
import { CITIES, FIELDS, FIRST, LAST, NOUNS, PURPOSES, TOPICS } from './synthetic-words.ts';

export async function ensurePlaces(tx: Tx, tenantId: number) {
  for (const [field, departments] of FIELDS) {
    const school = `School of ${field}`;
    await tx.execute(
      sql`insert into schools (tenant_id, name) values (${tenantId}, ${school}) on conflict do nothing`,
    );
    for (const department of departments) {
      await tx.execute(sql`
        insert into departments (tenant_id, school_id, name)
        select ${tenantId}, id, ${department} from schools
        where tenant_id = ${tenantId} and lower(name) = lower(${school})
        on conflict do nothing`);
    }
  }
}

export async function insertPeople(
  tx: Tx,
  tenantId: number,
  first: number,
  count: number,
  passwordHash: string,
) {
  if (count <= 0) return { from: 0, to: -1 };
  const [range] = await queryRows(
    tx,
    sql`
    with places as (
      select array_agg(d.id order by d.id) as dept, array_agg(d.school_id order by d.id) as school
      from departments d where d.tenant_id = ${tenantId}
    ),
    people as (
      select n, 1 + (n % 4) as role_id, 1 + floor(random() * (select cardinality(dept) from places))::int as place,
        ${FIRST}[1 + floor(random() * 30)::int] as first_name,
        ${LAST}[1 + floor(random() * 30)::int] as last_name,
        ${TOPICS}[1 + floor(random() * 10)::int] as topic,
        -- A project in the ideas' words, so that expert finding has profiles to find.
        ${NOUNS}[1 + floor(random() * 15)::int] || ' ' || ${PURPOSES}[1 + floor(random() * 12)::int] as work,
        2000 + floor(random() * 20)::int as since
      from generate_series(${first}::int, ${first + count - 1}::int) as n
    ),
    made as (
    insert into users (tenant_id, email, first_name, last_name, role_id, school_id, department_id,
      headline, location, bio, linkedin_url, google_scholar_url, admin_status_id, user_status_id,
      permissions, education, experience, patents, projects, publications, grants)
    select ${tenantId}, 'person' || p.n || '@' || t.domain, p.first_name, p.last_name, p.role_id,
      pl.school[p.place], pl.dept[p.place],
      case p.role_id when 1 then 'Graduate researcher in ' when 2 then 'Professor of ' when 3 then 'Program manager, ' else 'Partner for ' end || p.topic,
      ${CITIES}[1 + (p.n % 10)],
      '<p>Works on ' || p.topic || ' and welcomes collaborators across campus.</p>',
      'https://www.linkedin.com/in/person' || p.n,
      case when p.role_id = 2 then 'https://scholar.google.com/citations?user=P' || lpad(p.n::text, 11, '0') end,
      2, 2, r.permissions,
      jsonb_build_array(jsonb_build_object('institution', 'State University', 'degree', 'PhD, ' || p.topic,
        'start_year', p.since - 6, 'end_year', p.since, 'activities', '')),
      jsonb_build_array(jsonb_build_object('title', initcap(p.topic) || ' researcher', 'organization', t.name,
        'employment_type', 'Full-time', 'start_date', p.since || '-09-01', 'end_date', null, 'description', '')),
      case when p.n % 7 = 0 then jsonb_build_array(jsonb_build_object('title', 'Method for ' || p.topic,
        'patent_number', 'US ' || (10000000 + p.n), 'issue_date', (p.since + 3) || '-05-01')) else '[]'::jsonb end,
      jsonb_build_array(jsonb_build_object('title', initcap(p.topic) || ' lab', 'start_date', p.since || '-01-01',
        'end_date', null, 'description', 'Building a ' || p.work || '.')),
      case when p.role_id in (2, 3) then jsonb_build_array(
        jsonb_build_object('title', 'Advances in ' || p.topic, 'authors', p.first_name || ' ' || p.last_name,
          'year', p.since + 2, 'citations', (p.n * 37) % 500),
        jsonb_build_object('title', 'A survey of ' || p.topic, 'authors', p.first_name || ' ' || p.last_name || ' et al.',
          'year', p.since + 5, 'citations', (p.n * 11) % 200)) else '[]'::jsonb end,
      case when p.role_id = 2 then jsonb_build_array(jsonb_build_object('organization', 'National Science Foundation',
        'grant_number', 'NSF-' || (2000000 + p.n), 'title', initcap(p.topic) || ' at scale', 'description', ''))
        else '[]'::jsonb end
    from people p cross join places pl
    join tenants t on t.id = ${tenantId}
    join roles r on r.tenant_id = ${tenantId} and r.id = p.role_id
    order by p.n
    returning id
    )
    select min(id) as from, max(id) as to from made`,
    z.strictObject({ from: z.number().nullable(), to: z.number().nullable() }),
  );
  await tx.execute(sql`
    insert into accounts (tenant_id, user_id, password_hash)
    select tenant_id, id, ${passwordHash} from users
    where tenant_id = ${tenantId}
      and substring(email from '^person([0-9]+)@')::int between ${first} and ${first + count - 1}
    order by id`);
  return { from: range?.from ?? 0, to: range?.to ?? -1 };
}
