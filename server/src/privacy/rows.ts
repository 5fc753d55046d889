import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../db/client.ts';

/**
 * The member an export or an erasure is about, as they were before it: an erasure rewrites the
 * words other rows copied (a notice's "Jane Doe commented", an audit entry's e-mail) from these.
 */
export interface Subject {
  tenantId: number;
  userId: number;
  email: string;
  /** "First Last", as notices, mails and audit summaries wrote it. */
  name: string;
  /** The lexemes of their search document, for the lexicon to forget those nothing else holds. */
  lexemes: string[];
}

/** Whose rows an export reads. */
type Owner = Pick<Subject, 'tenantId' | 'userId'>;

/** What an erasure step hands back: storage keys to remove once the transaction has committed. */
export type Erase = (tx: Tx, who: Subject, now: Date) => Promise<string[] | undefined>;

/** How a table's rows of the member are read for the export. */
export interface Export {
  /** The export document's key (CONTRACT §11 names `profile`, `ideas`, `comments`, …). */
  key: string;
  /** One object (the profile) rather than a list. */
  one?: boolean;
  read(tx: Tx, who: Owner): Promise<Record<string, unknown>[]>;
}

const id = (name: string) => sql.identifier(name);
const list = (names: readonly string[]) =>
  sql.join(
    names.map((n) => id(n)),
    sql`, `,
  );

/**
 * The member's rows of a table, only the columns named (never a secret), oldest first by `order`.
 * `where` narrows further (a table that also holds rows that are not theirs, such as logos).
 */
export function ownRows(
  key: string,
  table: string,
  link: string,
  columns: readonly string[],
  options: { order?: string; where?: SQL } = {},
): Export {
  const order = options.order ?? 'created_at';
  // Exactly the columns named, each as the export document writes it: JSON, the same on both engines.
  const shape = z.strictObject(Object.fromEntries(columns.map((column) => [column, z.json()])));
  return {
    key,
    read: (tx, who) =>
      queryRows(
        tx,
        sql`select ${list(columns)} from ${id(table)}
            where tenant_id = ${who.tenantId} and ${id(link)} = ${who.userId}
            ${options.where ? sql`and ${options.where}` : sql``}
            order by ${id(order)}`,
        shape,
      ),
  };
}

/** Erasure by deleting the member's rows of a table. */
export const deleteOwn =
  (table: string, link: string): Erase =>
  async (tx, who) => {
    await tx.execute(
      sql`delete from ${id(table)} where tenant_id = ${who.tenantId} and ${id(link)} = ${who.userId}`,
    );
    return undefined;
  };

const htmlEscape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * `column` with the member's e-mail and name replaced by the words shown in their place: first
 * "Name <e-mail>" as the console's summaries write a member, then each alone, and in HTML their
 * escaped forms (mail/templates.ts escapes every character it might). A name shorter than two
 * characters is left alone: it would match inside other words.
 */
export function withoutSubject(column: SQL, who: Subject, formerMember: string): SQL {
  const forms = [`${who.name} <${who.email}>`, who.email, who.name]
    .filter((form) => form.trim().length >= 2)
    .flatMap((form) => (htmlEscape(form) === form ? [form] : [form, htmlEscape(form)]));
  return forms.reduce<SQL>((acc, form) => sql`replace(${acc}, ${form}, ${formerMember})`, column);
}

/** Whether `column` holds the member's e-mail or name anywhere (before it is rewritten). */
export function mentionsSubject(column: SQL, who: Subject): SQL {
  const forms = [who.email, who.name, htmlEscape(who.name)].filter((f) => f.trim().length >= 2);
  return sql.join(
    forms.map((form) => sql`strpos(${column}, ${form}) > 0`),
    sql` or `,
  );
}

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
