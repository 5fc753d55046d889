import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from '../../test/databases.ts';
import { executeArguments, type PgliteClient, preparingPglite } from './pglite-prepared.ts';
import { statementName } from './statement-names.ts';

describe('the arguments of an EXECUTE', () => {
  const asText = () => undefined;

  it('writes each value as a quoted literal, a missing one as null', () => {
    expect(executeArguments([1, 'a', null, undefined, true, 12n], [], asText)).toBe(
      "'1', 'a', null, null, 'true', '12'",
    );
  });

  it('doubles quotes, and writes backslashes as an escape string', () => {
    expect(executeArguments(["it's", 'a\\b'], [], asText)).toBe(`'it''s',  E'a\\\\b'`);
  });

  it('serialises each value for the type the server inferred for its parameter', () => {
    const serializers: Record<number, (value: unknown) => unknown> = {
      [types.JSONB]: (value) => JSON.stringify(value),
    };
    expect(executeArguments([{ a: 1 }, 2], [types.JSONB, types.INT4], (t) => serializers[t])).toBe(
      `'{"a":1}', '2'`,
    );
  });

  it('refuses a value holding a NUL, which no SQL text can carry', () => {
    expect(executeArguments(['a\u0000b'], [], asText)).toBeUndefined();
  });
});

describe.skipIf(testDatabaseKind !== 'pglite')('the embedded database preparing statements', () => {
  let client: PGlite;
  let preparing: PgliteClient;

  beforeAll(async () => {
    client = await PGlite.create();
    preparing = preparingPglite(client);
  });
  afterAll(() => client.close());

  /** The PREPAREs sent while `work` runs. */
  async function preparesDuring(work: () => Promise<unknown>): Promise<string[]> {
    const query = vi.spyOn(client, 'query');
    try {
      await work();
      return query.mock.calls.map(([text]) => text).filter((text) => text.startsWith('prepare'));
    } finally {
      query.mockRestore();
    }
  }

  const binary = Uint8Array.from([0, 1, 0x27, 0x5c, 255]);
  const cases: [string, unknown][] = [
    ['text', "it's a \\ back\\slash, \\x41 and E'\\n'"],
    ['text', 'ünïcödé, 😀'],
    ['text', new Date('2026-11-27T16:41:17.123Z')],
    ['timestamptz', new Date('2026-11-27T16:41:17.123Z')],
    ['timestamp', new Date('2026-11-27T16:41:17.123Z')],
    ['date', '2026-11-27'],
    ['int', 42],
    ['float8', 0.1],
    ['numeric', '12.50'],
    ['int8', 9_007_199_254_740_993n],
    ['bool', true],
    ['bool', false],
    ['int[]', [1, 2, 3]],
    ['int[]', []],
    ['text[]', ['a', 'b"c', 'd\\e', "f'g", null, 'null', '{x,y}']],
    ['jsonb', { a: [1, 'two', null], quote: 'it\'s \\ "here"' }],
    ['jsonb', '{"already":"text"}'],
    ['json', [1, { b: 2 }]],
    ['bytea', binary],
    ['bytea', Buffer.from(binary)],
    ['text', null],
    ['int', null],
  ];

  it.each(cases)('reads a %s parameter as binding it does (case %#)', async (type, value) => {
    const text = `select $1::${type} as v, pg_typeof($1::${type})::text as t`;
    const options = { rowMode: 'array' as const };
    const direct = await client.query(text, [value], options);
    const prepared = await preparing.query(text, [value], options);
    expect(prepared.rows).toEqual(direct.rows);
    expect(prepared.fields).toEqual(direct.fields);
  });

  it('answers a NUL as binding it does: refused', async () => {
    const text = 'select $1::text as v';
    await preparing.query(text, ['warm']);
    const refused = await client.query(text, ['a\u0000b']).catch((error: unknown) => error);
    await expect(preparing.query(text, ['a\u0000b'])).rejects.toMatchObject({
      code: (refused as { code: string }).code,
    });
  });

  it("answers a failed execution with PGlite's error for the app's statement and values", async () => {
    const text = 'select 1 / $1::int as quotient';
    await preparing.query(text, [1]);
    const failure = (run: PgliteClient['query']) =>
      run(text, [0]).catch((error: { code: string; query: string; params: unknown[] }) => ({
        code: error.code,
        query: error.query,
        params: error.params,
      }));
    expect(await failure((...args) => preparing.query(...args))).toEqual(
      await failure((...args) => client.query(...args)),
    );
  });

  it('prepares each text once, and runs it by name after', async () => {
    const text = 'select $1::int + $2::int as sum';
    const prepares = await preparesDuring(async () => {
      for (const n of [1, 2, 3]) {
        expect((await preparing.query(text, [n, 10])).rows).toEqual([{ sum: n + 10 }]);
      }
    });
    expect(prepares).toHaveLength(1);
    const { rows } = await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements where statement like $1',
      ['%$1::int + $2::int%'],
    );
    expect(rows).toHaveLength(1);
  });

  it('runs statements without parameters, transaction control and DDL as they are', async () => {
    const prepares = await preparesDuring(async () => {
      await preparing.query('create table notes (id serial primary key, body text)');
      await preparing.query('set application_name = $$kindling$$');
      await preparing.query('select 1 as one');
    });
    expect(prepares).toEqual([]);
  });

  it('answers a statement the server cannot prepare as before, and stops trying', async () => {
    const text = 'select $1 is null as missing';
    const refused = await client.query(text, [1]).catch((error: unknown) => error);
    const prepares = await preparesDuring(async () => {
      for (let i = 0; i < 2; i++) {
        await expect(preparing.query(text, [1])).rejects.toMatchObject({
          message: (refused as Error).message,
        });
      }
    });
    expect(prepares).toHaveLength(1);
  });

  /** A statement whose name something else has taken: the server refuses to prepare it. */
  async function nameTaken(text: string) {
    await client.query(`prepare "${statementName(text)}" as select 'taken' as sum`);
  }

  it('runs a statement it cannot prepare unnamed, and stops trying', async () => {
    const text = 'select $1::int * 2 as sum';
    await nameTaken(text);
    const prepares = await preparesDuring(async () => {
      for (const n of [1, 2]) {
        expect((await preparing.query(text, [n])).rows).toEqual([{ sum: n * 2 }]);
      }
    });
    expect(prepares).toHaveLength(1);
  });

  it('keeps a transaction going when one of its statements cannot be prepared', async () => {
    const text = 'select $1::int * 3 as sum';
    await nameTaken(text);
    const sums = await preparing.transaction(async (tx) => [
      ...(await tx.query(text, [1])).rows,
      ...(await tx.query('select $1::int + 1 as sum', [41])).rows,
    ]);
    expect(sums).toEqual([{ sum: 3 }, { sum: 42 }]);
  });

  it('keeps a statement prepared in a transaction that rolls back, as PREPARE is not transactional', async () => {
    await preparing.query('create table kept (n int)');
    const text = 'insert into kept (n) values ($1) returning n';
    await expect(
      preparing.transaction(async (tx) => {
        await tx.query(text, [1]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { rows: named } = await client.query(
      'select name from pg_prepared_statements where statement like $1',
      ['%insert into kept%'],
    );
    expect(named).toHaveLength(1);
    const prepares = await preparesDuring(() => preparing.query(text, [2]));
    expect(prepares).toEqual([]);
    expect((await client.query('select n from kept')).rows).toEqual([{ n: 2 }]);
  });

  it("keeps drizzle's options: rows as arrays, parsed by its parsers", async () => {
    const options = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (value: string) => `parsed ${value}` },
    };
    const text = "select $1::timestamptz as at, $2::int as n, '{1,2}'::int[] as list";
    const values = ['2026-11-27T16:41:17Z', 7];
    const direct = await client.query(text, values, options);
    const prepared = await preparing.query(text, values, options);
    expect(prepared).toEqual(direct);
  });
});
