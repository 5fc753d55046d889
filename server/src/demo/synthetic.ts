import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import { type Db, queryRows, type Tx } from '../db/client.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { DEMO_PASSWORD } from './seed.ts';

export interface SyntheticOptions {
  people: number;
  ideas: number;
  follows: number;
  seed: number;
  progress?: (line: string) => void;
  /**
   * False leaves the VACUUM ANALYZE that follows the load to the caller: it covers the whole
   * tables, every tenant's rows, so a caller seeding many tenants runs it once at the end.
   */
  vacuum?: boolean;
}

export interface SyntheticSummary {
  tenant_id: number;
  people: number;
  ideas: number;
  follows: number;
  first_person: number;
  seconds: number;
}

const FIELDS = [
  [
    'Engineering',
    [
      'Mechanical Engineering',
      'Electrical Engineering',
      'Civil Engineering',
      'Bioengineering',
      'Computer Science',
    ],
  ],
  ['Medicine', ['Cardiology', 'Oncology', 'Neurology', 'Public Health', 'Radiology']],
  ['Sciences', ['Chemistry', 'Physics', 'Biology', 'Mathematics', 'Earth Sciences']],
  ['Business', ['Finance', 'Entrepreneurship', 'Operations', 'Marketing', 'Economics']],
  ['Arts and Humanities', ['History', 'Philosophy', 'Music', 'Design', 'Linguistics']],
  ['Agriculture', ['Agronomy', 'Food Science', 'Animal Science', 'Soil Science', 'Forestry']],
  [
    'Education',
    ['Learning Sciences', 'Curriculum', 'Policy', 'Special Education', 'Higher Education'],
  ],
  [
    'Law',
    ['Intellectual Property', 'Environmental Law', 'Health Law', 'Technology Law', 'Public Law'],
  ],
] as const;

/** A constant text array; parenthesised so `literal(...)[i]` subscripts it. */
const literal = (words: readonly string[]) =>
  sql.raw(`(ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[])`);

const FIRST = literal([
  'Ada',
  'Alan',
  'Grace',
  'Marie',
  'Nikola',
  'Rosalind',
  'Katherine',
  'Tim',
  'Barbara',
  'Claude',
  'Hedy',
  'Jane',
  'Chien-Shiung',
  'Srinivasa',
  'Emmy',
  'Dorothy',
  'Mae',
  'Carl',
  'Lise',
  'Niels',
  'Amara',
  'Kenji',
  'Priya',
  'Mateo',
  'Zhang',
  'Olu',
  'Ingrid',
  'Diego',
  'Fatima',
  'Yusuf',
]);
const LAST = literal([
  'Lovelace',
  'Turing',
  'Hopper',
  'Curie',
  'Tesla',
  'Franklin',
  'Johnson',
  'Berners-Lee',
  'McClintock',
  'Shannon',
  'Lamarr',
  'Goodall',
  'Wu',
  'Ramanujan',
  'Noether',
  'Hodgkin',
  'Jemison',
  'Sagan',
  'Meitner',
  'Bohr',
  'Okafor',
  'Tanaka',
  'Raman',
  'Garcia',
  'Wei',
  'Adeyemi',
  'Larsen',
  'Moreno',
  'Haddad',
  'Demir',
]);
const CITIES = literal([
  'Boston, MA',
  'Austin, TX',
  'Seattle, WA',
  'Chicago, IL',
  'Denver, CO',
  'Atlanta, GA',
  'Pittsburgh, PA',
  'Madison, WI',
  'Raleigh, NC',
  'San Diego, CA',
]);
const ADJECTIVES = literal([
  'Low-cost',
  'Portable',
  'Biodegradable',
  'AI-assisted',
  'Wearable',
  'Solar-powered',
  'Rapid',
  'Open-source',
  'Modular',
  'Non-invasive',
  'Scalable',
  'Self-healing',
  'Affordable',
  'Distributed',
  'Quantum-safe',
]);
const NOUNS = literal([
  'sensor',
  'diagnostic assay',
  'water filter',
  'battery electrode',
  'learning platform',
  'drug delivery patch',
  'soil monitor',
  'prosthetic hand',
  'microgrid controller',
  'vaccine carrier',
  'crop model',
  'imaging method',
  'recycling process',
  'hearing aid',
  'air purifier',
]);
const PURPOSES = literal([
  'for rural clinics',
  'for smallholder farms',
  'for early cancer detection',
  'for urban flooding',
  'for classroom feedback',
  'for elderly care',
  'for wildfire detection',
  'for clean drinking water',
  'for grid stability',
  'for rare diseases',
  'for supply-chain tracing',
  'for remote learning',
]);
const TOPICS = literal([
  'machine learning',
  'materials science',
  'genomics',
  'renewable energy',
  'public health',
  'robotics',
  'education technology',
  'climate adaptation',
  'medical imaging',
  'food security',
]);

/**
 * PGlite runs no autovacuum: without fresh statistics and visibility maps after a bulk load the
 * planner misjudges and index-only reads visit the heap. VACUUM cannot run inside a transaction.
 */
export async function vacuumSeededTables(db: Db, say: (line: string) => void = () => {}) {
  say('vacuum and analyze');
  await db.execute(
    sql`vacuum (analyze) users, accounts, ideas, idea_supports, idea_links, idea_patents, follows`,
  );
}

/**
 * CONTRACT §1 `seed`: adds N members with full profiles, M ideas and K follows to an existing tenant
 * with set-based INSERT … SELECT statements, reproducibly: `setseed` fixes random() for the
 * transaction, and rows are generated in a fixed order. All in one transaction bound to the tenant.
 */
export async function seedSynthetic(
  db: Db,
  tenantId: number,
  options: SyntheticOptions,
): Promise<SyntheticSummary> {
  const started = performance.now();
  const say = options.progress ?? (() => {});
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await tx.execute(sql`select setseed(${(options.seed % 1000) / 1000})`);
    await ensurePlaces(tx, tenantId);
    const [last] = await queryRows<{ n: number | null }>(
      tx,
      sql`select max(substring(email from '^person([0-9]+)@')::int) as n from users where tenant_id = ${tenantId}`,
    );
    const first = (last?.n ?? 0) + 1;
    say(`people ${first}..${first + options.people - 1}`);
    await insertPeople(tx, tenantId, first, options.people, passwordHash);
    say(`ideas ${options.ideas}`);
    const ideaRange = await insertIdeas(tx, tenantId, first, options.people, options.ideas);
    say(`follows ${options.follows}`);
    const follows = await insertFollows(
      tx,
      tenantId,
      first,
      options.people,
      ideaRange,
      options.follows,
    );
    return { first, follows };
  });
  if (options.vacuum !== false) await vacuumSeededTables(db, say);
  return {
    tenant_id: tenantId,
    people: options.people,
    ideas: options.ideas,
    follows: summary.follows,
    first_person: summary.first,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function ensurePlaces(tx: Tx, tenantId: number) {
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

async function insertPeople(
  tx: Tx,
  tenantId: number,
  first: number,
  count: number,
  passwordHash: string,
) {
  if (count <= 0) return;
  await tx.execute(sql`
    with places as (
      select array_agg(d.id order by d.id) as dept, array_agg(d.school_id order by d.id) as school
      from departments d where d.tenant_id = ${tenantId}
    ),
    people as (
      select n, 1 + (n % 4) as role_id, 1 + floor(random() * (select cardinality(dept) from places))::int as place,
        ${FIRST}[1 + floor(random() * 30)::int] as first_name,
        ${LAST}[1 + floor(random() * 30)::int] as last_name,
        ${TOPICS}[1 + floor(random() * 10)::int] as topic,
        2000 + floor(random() * 20)::int as since
      from generate_series(${first}::int, ${first + count - 1}::int) as n
    )
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
        'end_date', null, 'description', '')),
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
    order by p.n`);
  await tx.execute(sql`
    insert into accounts (tenant_id, user_id, password_hash)
    select tenant_id, id, ${passwordHash} from users
    where tenant_id = ${tenantId}
      and substring(email from '^person([0-9]+)@')::int between ${first} and ${first + count - 1}
    order by id`);
}

async function insertIdeas(tx: Tx, tenantId: number, first: number, people: number, count: number) {
  if (count <= 0) return { from: 0, to: -1 };
  const [range] = await queryRows<{ from: number; to: number }>(
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

async function insertFollows(
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
    const rows = await queryRows<{ n: number }>(
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
    inserted += rows[0]?.n ?? 0;
  }
  return inserted;
}
