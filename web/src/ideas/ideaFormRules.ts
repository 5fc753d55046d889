import type { IdeaDetail, IdeaInput } from '@kindling/contract';
import { ideaMessages } from '@kindling/contract';

interface LinkRow {
  url: string;
  title: string;
}

/**
 * What the idea form holds: every field present, so the inputs are controlled from the first
 * render, and each patent number a row of its own, as react-hook-form's field arrays hold them.
 */
export interface IdeaFormValues extends Omit<IdeaInput, 'patents'> {
  title: string;
  introduction: string;
  problem: string;
  opportunity: string;
  urls: LinkRow[];
  patents: { number: string }[];
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
    patents: idea ? idea.patents.map((number) => ({ number })) : [],
    ip_status_id: idea?.ip_status_id ?? null,
    support_ids: idea ? [...idea.support_ids] : [],
  };
}

/** The body the contract reads: the patent rows as the list of numbers it holds. */
export function ideaInputOf(values: IdeaFormValues): IdeaInput {
  return { ...values, patents: values.patents.map((patent) => patent.number) };
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
  | `patents.${number}.number`;

const FIELD_PATH =
  /^(?:title|introduction|problem|opportunity|ip_status_id|support_ids|urls\.\d+\.(?:url|title)|patents\.\d+)$/;

/** The form's field a 400 answer's detail names, to show it beside that field; null for none. */
export function ideaFieldOf(field: string): FieldPath | null {
  if (!FIELD_PATH.test(field)) return null;
  // A patent number's failure goes to its row's input.
  return (field.startsWith('patents.') ? `${field}.number` : field) as FieldPath;
}
