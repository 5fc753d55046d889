import { randomUUID } from 'node:crypto';
import {
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  importLimits,
  status,
} from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { analyzeAfterBulkWrite, type TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest } from '../http/errors.ts';
import { issueClaimMails } from '../invitations/claim-tokens.ts';
import type { Actor } from '../session-context.ts';
import { CsvStop, readCsv } from './csv.ts';
import { findByEmails, insertPeople, loadPlaces, updatePeople } from './repository.ts';
import { type Checked, checkRow, indexPlaces, type Person } from './rows.ts';

/**
 * Rows are written in transactions of this many. One transaction for a whole 50,000-row file
 * would hold its row locks and undo for minutes and lose every row to one late failure; a batch
 * keeps memory and lock time bounded, and a failed batch rolls back only itself and is reported.
 */
export const IMPORT_BATCH = 500;

/** Rows checked as they stream in; a second row with an e-mail already seen is an error. */
async function* checkedRows(deps: Deps, tenantId: number, body: ReadableStream<Uint8Array>) {
  const places = await inTenant(deps.database.db, tenantId, (tx) => loadPlaces(tx, tenantId));
  const index = indexPlaces(places);
  const seen = new Map<string, number>();
  for await (const csv of readCsv(body)) {
    const checked = checkRow(index, csv);
    if (checked.ok) {
      const earlier = seen.get(checked.person.email);
      if (earlier !== undefined) {
        yield {
          ok: false,
          row: csv.row,
          email: checked.person.email,
          details: [{ field: 'email', error: `This e-mail is already on row ${earlier}.` }],
        } satisfies Checked;
        continue;
      }
      seen.set(checked.person.email, csv.row);
    }
    yield checked;
  }
}

/** Reads the stream in batches of valid people, with the errors between them. */
async function eachBatch(
  rows: AsyncIterable<Checked>,
  onError: (error: ImportRowError) => void,
  onBatch: (people: Person[]) => Promise<void>,
): Promise<string | null> {
  let batch: Person[] = [];
  try {
    for await (const checked of rows) {
      if (!checked.ok) {
        onError({ row: checked.row, email: checked.email, details: checked.details });
        continue;
      }
      batch.push(checked.person);
      if (batch.length === IMPORT_BATCH) {
        await onBatch(batch);
        batch = [];
      }
    }
    return null;
  } catch (error) {
    if (error instanceof CsvStop) return error.message;
    throw error;
  } finally {
    // Whatever ended the file, the rows already checked are still written (or previewed).
    if (batch.length) await onBatch(batch);
  }
}

/**
 * The upload read through once before anything is written, and kept (at most importLimits.bytes,
 * which the body limit holds it to) to be read again: a file that stops being CSV, runs past the
 * row limit or breaks off is refused as the preview refuses it, instead of being half applied and
 * half mailed. Rows are not checked here; they are as they are written.
 */
async function readWhole(body: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const chunks: Uint8Array[] = [];
  const kept = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        chunks.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    for await (const _row of readCsv(kept)) {
      // Only whether the file reads through to its end matters here.
    }
  } catch (error) {
    if (error instanceof CsvStop) throw badRequest(error.message);
    throw error;
  }
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** POST /admin/imports/preview: what importing the file would do, writing nothing. */
export async function previewImport(
  deps: Deps,
  tenantId: number,
  body: ReadableStream<Uint8Array>,
): Promise<ImportPreview> {
  const answer: ImportPreview = { rows: 0, new: 0, update: 0, error: 0, errors: [], sample: [] };
  const onError = (error: ImportRowError) => {
    answer.rows += 1;
    answer.error += 1;
    if (answer.errors.length < importLimits.errorsShown) answer.errors.push(error);
  };
  const stopped = await eachBatch(checkedRows(deps, tenantId, body), onError, async (people) => {
    const known = await inTenant(deps.database.db, tenantId, (tx) =>
      findByEmails(
        tx,
        tenantId,
        people.map((p) => p.email),
      ),
    );
    for (const person of people) {
      const action = known.has(person.email) ? 'update' : 'new';
      answer.rows += 1;
      answer[action] += 1;
      if (answer.sample.length < importLimits.sample) {
        answer.sample.push({
          row: person.row,
          action,
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          role: person.role.name,
          school: person.school?.name ?? null,
          department: person.department?.name ?? null,
        });
      }
    }
  });
  if (stopped) throw badRequest(stopped);
  return answer;
}

interface Written {
  created: { id: number; email: string }[];
  updated: number[];
  mailed: number;
}

/** One batch: new people inserted in one statement, known ones updated, claim mails queued. */
async function writeBatch(
  deps: Deps,
  tx: Tx,
  tenant: TenantRow,
  actorId: number,
  people: Person[],
  mail: boolean,
): Promise<Written> {
  const known = await findByEmails(
    tx,
    tenant.id,
    people.map((p) => p.email),
  );
  const fresh = people.filter((p) => !known.has(p.email));
  const created = await insertPeople(
    tx,
    fresh.map((p) => ({
      ...p.profile,
      tenantId: tenant.id,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      roleId: p.role.id,
      schoolId: p.school?.id ?? null,
      departmentId: p.department?.id ?? null,
      adminStatusId: status.approved,
      userStatusId: status.pending,
      permissions: p.role.permissions,
      invitedById: actorId,
    })),
  );
  const updates = people.flatMap((person) => {
    const existing = known.get(person.email);
    if (!existing) return [];
    return [
      {
        id: existing.id,
        firstName: person.firstName,
        lastName: person.lastName,
        roleId: person.role.id,
        ...(person.school === undefined
          ? {}
          : {
              place: {
                schoolId: person.school?.id ?? null,
                departmentId: person.department?.id ?? null,
              },
            }),
        profile: person.profile,
      },
    ];
  });
  await updatePeople(tx, tenant.id, updates);
  const updated = updates.map((u) => u.id);
  if (mail) {
    const firstNames = new Map(fresh.map((p) => [p.email, p.firstName]));
    const people = created.map((p) => ({ ...p, firstName: firstNames.get(p.email) ?? '' }));
    await issueClaimMails(deps, tx, tenant, people, 'created');
  }
  return { created, updated, mailed: mail ? created.length : 0 };
}

const rowRange = (people: Person[]) =>
  `${people[0]?.row ?? 0}–${people[people.length - 1]?.row ?? 0}`;

/**
 * POST /admin/imports: creates the people a file names and updates those it matches by e-mail,
 * batch by batch, once the whole file has been read (readWhole). Each batch is one transaction
 * with its own audit entry; the last one also carries the import's summary entry. A failed batch
 * is rolled back alone and its rows reported.
 */
export async function runImport(
  deps: Deps,
  tenant: TenantRow,
  actor: Actor,
  body: ReadableStream<Uint8Array>,
  options: { mail: boolean; fileName?: string | undefined },
): Promise<ImportResult> {
  const importId = randomUUID();
  const source = options.fileName ? ` from ${options.fileName}` : '';
  const result: ImportResult = {
    rows: 0,
    created: 0,
    updated: 0,
    failed: 0,
    mailed: 0,
    errors: [],
  };
  const report = (error: ImportRowError) => {
    if (result.errors.length < importLimits.errorsShown) result.errors.push(error);
  };
  let batches = 0;
  let pending: Person[] | null = null;

  const summary = (tx: Tx, written: Written | null) =>
    recordAudit(tx, {
      tenantId: tenant.id,
      actorId: actor.userId,
      action: 'member.import',
      targetType: 'import',
      summary: `Imported ${result.rows} row${result.rows === 1 ? '' : 's'}${source}: ${result.created} created, ${result.updated} updated, ${result.failed} not imported${options.mail ? `; claim links mailed to ${result.mailed}` : ''}`,
      detail: {
        kind: 'summary',
        import_id: importId,
        file_name: options.fileName ?? null,
        rows: result.rows,
        created: result.created,
        updated: result.updated,
        failed: result.failed,
        mailed: result.mailed,
        batches,
        ...(written
          ? { created_ids: written.created.map((p) => p.id), updated_ids: written.updated }
          : {}),
      },
    });

  const count = (written: Written, sign: 1 | -1) => {
    result.created += sign * written.created.length;
    result.updated += sign * written.updated.length;
    result.mailed += sign * written.mailed;
  };
  const commit = async (people: Person[], last: boolean) => {
    batches += 1;
    const batch = batches;
    // Each time the import has doubled what it wrote, statistics are refreshed (see system.ts).
    if (batch > 1 && (batch & (batch - 1)) === 0) await analyzeAfterBulkWrite(deps.database.db);
    let counted: Written | null = null;
    try {
      await inTenant(deps.database.db, tenant.id, async (tx) => {
        const written = await writeBatch(deps, tx, tenant, actor.userId, people, options.mail);
        // Counted before the summary is written, which reports them; undone if the batch fails.
        count(written, 1);
        counted = written;
        if (last) return summary(tx, written);
        await recordAudit(tx, {
          tenantId: tenant.id,
          actorId: actor.userId,
          action: 'member.import',
          targetType: 'import',
          summary: `Imported rows ${rowRange(people)}${source} (batch ${batch}): ${written.created.length} created, ${written.updated.length} updated`,
          detail: {
            kind: 'batch',
            import_id: importId,
            batch,
            created_ids: written.created.map((p) => p.id),
            updated_ids: written.updated,
          },
        });
      });
    } catch (error) {
      if (counted) count(counted, -1);
      deps.logger.error({ err: error, importId, batch }, 'import batch failed');
      result.failed += people.length;
      report({
        row: people[0]?.row ?? 0,
        email: '',
        details: [
          {
            field: 'rows',
            error: `Rows ${rowRange(people)} were not imported: ${failureReason(error)} Nothing in them was changed; import the file again to retry them.`,
          },
        ],
      });
      if (last) {
        await inTenant(deps.database.db, tenant.id, (tx) => summary(tx, null));
      }
    }
  };

  const onError = (error: ImportRowError) => {
    result.rows += 1;
    result.failed += 1;
    report(error);
  };
  // A batch is held back until the next one starts, so the last batch (the one that carries the
  // summary) is known when it is written.
  const file = await readWhole(body);
  const stopped = await eachBatch(checkedRows(deps, tenant.id, file), onError, async (people) => {
    result.rows += people.length;
    if (pending) await commit(pending, false);
    pending = people;
  });
  if (stopped) throw new Error(`a file read through whole stopped when read again: ${stopped}`);
  await commit(pending ?? [], true);
  if (options.mail && result.mailed) deps.mailer.nudge();
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

function failureReason(error: unknown): string {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') return 'one of their e-mails was added by someone else meanwhile.';
  if (code === '23503') return 'a school, department or role they name was changed meanwhile.';
  return 'the database refused the batch.';
}
