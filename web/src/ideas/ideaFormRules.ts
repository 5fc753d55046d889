import { type IdeaDetail, type IdeaInput, ideaMessages, limits } from '@kindling/contract';
import type { ApiError } from '../api/apiError.ts';

interface LinkRow {
  url: string;
  title: string;
}

/** Every field present, so the inputs are controlled from the first render. */
interface IdeaFormValues extends IdeaInput {
  title: string;
  introduction: string;
  problem: string;
  opportunity: string;
  urls: LinkRow[];
  patents: string[];
  ip_status_id: number | null;
  support_ids: number[];
}

/** An empty form for a new idea, or the idea being edited as the form holds it. */
export function formValuesOf(idea?: IdeaDetail): IdeaFormValues {
  return {
    title: idea?.title ?? '',
    introduction: idea?.introduction ?? '',
    problem: idea?.problem ?? '',
    opportunity: idea?.opportunity ?? '',
    urls: idea?.urls.map(({ url, title }) => ({ url, title })) ?? [],
    patents: idea ? [...idea.patents] : [],
    ip_status_id: idea?.ip_status_id ?? null,
    support_ids: idea ? [...idea.support_ids] : [],
  };
}

type Repeatable = 'urls' | 'patents';

const maxOf: Record<Repeatable, number> = { urls: limits.maxLinks, patents: limits.maxPatents };
const limitMessageOf: Record<Repeatable, string> = {
  urls: ideaMessages.maxLinks,
  patents: ideaMessages.maxPatents,
};

/**
 * SPEC §9: at most 3 supporting links and 4 patent numbers. Asking for one more is answered
 * with the max-limit message instead of a row.
 */
export function addRow(
  kind: Repeatable,
  count: number,
): { kind: 'add' } | { kind: 'limit'; message: string } {
  return count < maxOf[kind] ? { kind: 'add' } : { kind: 'limit', message: limitMessageOf[kind] };
}

/**
 * The words shown under a field: the tenant's own patent wording (SPEC §5 branded
 * patentNumberError), and the update screen's wording for a link the schema refuses.
 */
export function shownMessage(message: string | undefined, patentNumberError: string) {
  if (message === ideaMessages.patentInvalid) return patentNumberError;
  if (message === ideaMessages.linkInvalid) return 'Please enter a valid URL or Title';
  return message;
}

type FieldPath =
  | 'title'
  | 'introduction'
  | 'problem'
  | 'opportunity'
  | 'ip_status_id'
  | 'support_ids'
  | `urls.${number}.url`
  | `urls.${number}.title`
  | `patents.${number}`;

const FIELD_PATH =
  /^(?:title|introduction|problem|opportunity|ip_status_id|support_ids|urls\.\d+\.(?:url|title)|patents\.\d+)$/;

/** The failures of a 400 answer that name a field of the form, to show beside that field. */
export function fieldErrorsOf(error: ApiError): { field: FieldPath; message: string }[] {
  if (error.code !== 'BAD_REQUEST') return [];
  return error.details
    .filter((detail) => FIELD_PATH.test(detail.field))
    .map((detail) => ({ field: detail.field as FieldPath, message: detail.error }));
}
