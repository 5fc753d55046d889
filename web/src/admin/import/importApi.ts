import type { ImportPreview, ImportResult } from '@kindling/contract';
import { api } from '../../api/client.ts';

export const TEMPLATE_URL = '/api/v1/admin/imports/template.csv';

/** The file as CSV whatever type the browser guessed (Windows calls .csv an Excel file). */
const asCsv = (file: File) => new Blob([file], { type: 'text/csv' });

export function previewImport(file: File, signal?: AbortSignal): Promise<ImportPreview> {
  return api.post('/admin/imports/preview', { body: asCsv(file), signal });
}

export function runImport(file: File, mail: boolean): Promise<ImportResult> {
  return api.post('/admin/imports', {
    body: asCsv(file),
    query: { mail, file_name: file.name.slice(0, 255) },
  });
}
