import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { statementName } from './statement-names.ts';

/** Where a statement runs: the database itself, or one of its transactions. */
type Runner = Pick<Transaction, 'query' | 'exec'>;

/** Turns a parameter into the text PostgreSQL reads for its type. */
type Serializer = (value: unknown) => unknown;

/** What drizzle's PGlite driver uses of the database: statements, and transactions of them. */
export interface PgliteClient {
  query: Transaction['query'];
  transaction<T>(work: (tx: Pick<Transaction, 'query'>) => Promise<T>): Promise<T>;
}

/** The statements PREPARE accepts; anything else (transaction control, set, DDL) runs as it is. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The statement's values as the argument list of its EXECUTE, or nothing when one holds a NUL,
 * which no SQL text can carry. Each is the text PGlite would bind for the parameter's type (its
 * serializers are chosen by the type the server inferred, as its `query` chooses them), written
 * as a literal, so the server reads the same value either way.
 */
export function executeArguments(
  values: readonly unknown[],
  types: readonly number[],
  serializerOf: (type: number) => Serializer | undefined,
): string | undefined {
  const literals: string[] = [];
  for (const [index, value] of values.entries()) {
    if (value === null || value === undefined) {
      literals.push('null');
      continue;
    }
    const serialize = serializerOf(types[index] ?? 0);
    const text = String(serialize ? serialize(value) : value);
    if (text.includes('\u0000')) return undefined;
    literals.push(pg.escapeLiteral(text));
  }
  return literals.join(', ');
}

/**
 * The embedded database as drizzle is given it, preparing each parameterised statement once.
 *
 * drizzle's PGlite driver sends every statement unnamed, so PostgreSQL parses, rewrites and plans
 * it on every call, and for a short read that is most of its time; a transaction bound to generic
 * plans (db/tenant-scope.ts) even built its generic plan anew each time. Here each distinct text
 * is prepared once per database, under the name node-postgres's connections give it
 * (statement-names.ts), and then run as `execute "name"(literals)` in one simple-protocol message,
 * PGlite's cheapest round trip: the cached plan is reused under generic plans, and under custom
 * plans only planning remains. drizzle's options (rows as arrays, its parsers) apply unchanged.
 *
 * Row-level security holds as before: a prepared statement runs under the role and settings of
 * the moment it is executed, and PostgreSQL re-plans it when the role differs from its plan's.
 * PREPARE is not transactional, so a statement prepared in a transaction that rolls back stays
 * prepared. A statement the server will not prepare runs unnamed from then on, as one whose text
 * gets no name does (past the cap on names) or whose values hold a NUL.
 */
export function preparingPglite(client: PGlite): PgliteClient {
  /** Each prepared statement's parameter types, by name. */
  const prepared = new Map<string, number[]>();
  /** Names being prepared: another call with the same text meanwhile runs unnamed, never waits. */
  const preparing = new Set<string>();
  const unpreparable = new Set<string>();

  async function prepare(runner: Runner, inTransaction: boolean, name: string, text: string) {
    const statement = `prepare "${name}" as ${text}`;
    if (inTransaction) {
      // A failed PREPARE would abort the request's transaction: it gets a savepoint to fail in.
      await runner.exec('savepoint k_prepare');
      try {
        await runner.query(statement);
      } catch {
        await runner.exec('rollback to savepoint k_prepare');
        return undefined;
      } finally {
        await runner.exec('release savepoint k_prepare');
      }
    } else {
      try {
        await runner.query(statement);
      } catch {
        return undefined;
      }
    }
    const { rows } = await runner.query<{ types: number[] }>(
      'select parameter_types::oid[] as types from pg_prepared_statements where name = $1',
      [name],
    );
    return rows[0]?.types ?? [];
  }

  async function run<T>(
    runner: Runner,
    inTransaction: boolean,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const name =
      params?.length && PREPARABLE.test(text) && !unpreparable.has(text)
        ? statementName(text)
        : undefined;
    if (!name || !params) return runner.query<T>(text, params, options);
    let types = prepared.get(name);
    if (!types) {
      if (preparing.has(name)) return runner.query<T>(text, params, options);
      preparing.add(name);
      try {
        types = await prepare(runner, inTransaction, name, text);
      } catch {
        // Its savepoint failed: the transaction is failing already, and the statement says how.
        return runner.query<T>(text, params, options);
      } finally {
        preparing.delete(name);
      }
      if (!types) {
        unpreparable.add(text);
        return runner.query<T>(text, params, options);
      }
      prepared.set(name, types);
    }
    const args = executeArguments(
      params,
      types,
      (type) => options?.serializers?.[type] ?? client.serializers[type],
    );
    if (args === undefined) return runner.query<T>(text, params, options);
    try {
      const [result] = await runner.exec(`execute "${name}"(${args})`, options);
      return result as Results<T>;
    } catch (error) {
      // PGlite's error names the statement it ran: the app's text and values, as it did unprepared.
      if (error instanceof Error && 'query' in error) Object.assign(error, { query: text, params });
      throw error;
    }
  }

  return {
    query: (text, params, options) => run(client, false, text, params, options),
    transaction: (work) =>
      client.transaction((tx) =>
        work({ query: (text, params, options) => run(tx, true, text, params, options) }),
      ),
  };
}
