import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  type ImportColumn,
  importColumns,
  importLimits,
  requiredImportColumns,
} from '@kindling/contract';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../http/errors.ts';

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface CsvRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** Set when the row has more cells than the header: it cannot be read reliably. */
  extraCells?: number;
}

/** Thrown while reading: the file stops being CSV at some point, or is longer than allowed. */
export class CsvStop extends Error {}

const known = new Set<string>(importColumns);
const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function checkHeader(cells: string[]): ImportColumn[] {
  const names = cells.map(normalise);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length) {
    throw badRequest(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}. The columns are: ${importColumns.join(', ')}.`,
    );
  }
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length) throw badRequest(`The column '${twice[0]}' appears twice.`);
  const missing = requiredImportColumns.filter((name) => !names.includes(name));
  if (missing.length) {
    throw badRequest(
      `The file needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
    );
  }
  return names as ImportColumn[];
}

/**
 * Reads the upload as it arrives, one row at a time: csv-parse holds only the record being parsed,
 * so a 50,000-row file costs no more memory than a short one. The header is checked first (a
 * wrong one is a 400 before any row is read); a CSV syntax error or a row past the limit ends the
 * iteration with CsvStop, after the rows before it.
 */
export async function* readCsv(body: ReadableStream<Uint8Array>): AsyncGenerator<CsvRow> {
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const parser = source.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1024 * 1024,
    }),
  );
  // pipe() does not pass a failing upload on; without this the parser would wait for it forever.
  source.once('error', (error) => parser.destroy(error));
  let header: ImportColumn[] | undefined;
  let row = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = checkHeader(record);
        continue;
      }
      row += 1;
      if (row - 1 > importLimits.rows) {
        throw new CsvStop(
          `The file has more than ${importLimits.rows.toLocaleString('en')} rows; split it and upload the parts.`,
        );
      }
      const cells: CsvRow['cells'] = {};
      header.forEach((name, index) => {
        cells[name] = record[index] ?? '';
      });
      yield record.length > header.length
        ? { row, cells, extraCells: record.length - header.length }
        : { row, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw new CsvStop(`The file is not valid CSV after row ${row}: ${error.message}`);
    }
    if (error instanceof AppError || error instanceof CsvStop) throw error;
    // Anything else is the upload itself failing (the client went away): the rows read stand.
    throw new CsvStop(`The upload ended after row ${row}, before the end of the file.`);
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (!header) throw badRequest('The file is empty: it needs a header row and a row per person.');
}
