import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { queryRows } from '../db/client.ts';
import { inventory } from './inventory.ts';

/**
 * Column names that suggest a person's data: a name, an address, something someone wrote, where
 * they were. Such a column must be named in its table's entry, with what it is.
 */
const LOOKS_PERSONAL =
  /(^|_)(name|email|address|phone|body|bio|headline|location|ip_address|user_agent|agent|message|text|subject|summary|detail|url|orcid|reason|result|redirect|entry|lexeme|doc|secret|hash|sealed)(_|$)/;

describe('the inventory of personal data (CONTRACT §11, docs/decisions/0041)', () => {
  let t: TestApp;
  let columns: { table_name: string; column_name: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    columns = await queryRows(
      t.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by 1, 2`,
    );
  });
  afterAll(() => t.close());

  it('names every table of the database, once, and no table the database lacks', () => {
    const tables = [...new Set(columns.map((c) => c.table_name))];
    const named = inventory.map((entry) => entry.table);
    expect(new Set(named).size, 'a table is named twice').toBe(named.length);
    expect(
      tables.filter((table) => !named.includes(table)),
      'tables the inventory does not know: add an entry to server/src/privacy/inventory.ts',
    ).toEqual([]);
    expect(named.filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('names, in its table entry, every column that looks personal', () => {
    const unnamed = columns
      .filter((c) => LOOKS_PERSONAL.test(c.column_name))
      .filter((c) => {
        const entry = inventory.find((e) => e.table === c.table_name);
        return !entry || !(c.column_name in entry.columns);
      })
      .map((c) => `${c.table_name}.${c.column_name}`);
    expect(unnamed, 'say in inventory.ts what these columns hold and what erasure does').toEqual(
      [],
    );
  });

  it("links each member's table by a column that exists, and says why the others hold nothing", () => {
    for (const entry of inventory) {
      if (entry.holds === 'nothing') {
        expect(entry.reason.length, entry.table).toBeGreaterThan(10);
        continue;
      }
      expect(
        columns.some((c) => c.table_name === entry.table && c.column_name === entry.link),
        `${entry.table}.${entry.link}`,
      ).toBe(true);
      expect(entry.erasure.length, entry.table).toBeGreaterThan(5);
    }
  });

  it('exports every kind CONTRACT §11 names, and never a secret column', () => {
    const keys = inventory.flatMap((e) => (e.holds === 'member' && e.export ? [e.export.key] : []));
    expect(keys).toEqual(
      expect.arrayContaining([
        'profile',
        'ideas',
        'comments',
        'interest',
        'follows',
        'notifications',
        'sessions',
        'audit',
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
