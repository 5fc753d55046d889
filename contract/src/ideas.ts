import { z } from 'zod';
import { IDEA_URL_MAX, ideaMessages, PATENT_NUMBER_MAX, tooLongMessage } from './ideaMessages.ts';
import { limits } from './limits.ts';
import { optionalSearchText, pageOf, pagination } from './query.ts';

/** Largest id PostgreSQL's integer holds: a bigger one cannot name a row and is bad input. */
const MAX_ID = 2_147_483_647;

/**
 * CONTRACT §3 patent number: optional office letters, digits with optional spaces, commas, slashes
 * or dots, optional kind code (`US 10,123,456 B2`, `EP1234567A1`, `WO2020/123456`).
 */
export const PATENT_PATTERN = /^(?:[A-Za-z]{1,4} ?)?\d(?:[\d ,./]*\d)?(?: ?[A-Za-z]\d?)?$/;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * A supporting link as stored: http(s) with a real domain. A bare `example.org/x` gets `https://`,
 * since people type links that way; any other scheme (javascript:, data:) is refused.
 */
export function normaliseIdeaUrl(raw: string): string | null {
  if (/\s/.test(raw)) return null;
  const withScheme = SCHEME.test(raw) ? raw : `https://${raw}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || !DOMAIN.test(parsed.hostname)) return null;
  return withScheme;
}

const requiredText = (required: string, max: number, overLimit: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: overLimit });

const optionalText = (label: string, max: number, overLimit: string) =>
  z
    .string({ error: `${label} must be text.` })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, { error: overLimit }));

const linkInput = z.object({
  url: z.string({ error: ideaMessages.linkInvalid }).nullish(),
  title: z.string({ error: ideaMessages.linkInvalid }).nullish(),
});

/** Empty pairs are dropped; errors name the pair by its position in what was sent. */
const urlsField = z
  .array(linkInput, { error: ideaMessages.linkInvalid })
  .max(limits.maxLinks * 5, { error: ideaMessages.maxLinks })
  .nullish()
  .transform((list, ctx) => {
    const kept: { url: string; title: string }[] = [];
    for (const [index, pair] of (list ?? []).entries()) {
      const url = (pair.url ?? '').trim();
      const title = (pair.title ?? '').trim();
      if (!url && !title) continue;
      if (!url || !title) {
        ctx.addIssue({
          code: 'custom',
          path: [index, url ? 'title' : 'url'],
          message: ideaMessages.linkPair,
        });
        continue;
      }
      if (title.length > limits.linkTitle) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'title'],
          message: ideaMessages.linkTitleTooLong,
        });
      }
      const normalised = url.length > IDEA_URL_MAX ? null : normaliseIdeaUrl(url);
      if (!normalised) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'url'],
          message: url.length > IDEA_URL_MAX ? ideaMessages.urlTooLong : ideaMessages.linkInvalid,
        });
        continue;
      }
      kept.push({ url: normalised, title });
    }
    if (kept.length > limits.maxLinks) {
      ctx.addIssue({ code: 'custom', path: [], message: ideaMessages.maxLinks });
    }
    return kept;
  });

const patentsField = z
  .array(z.string({ error: ideaMessages.patentInvalid }).nullish(), {
    error: ideaMessages.patentInvalid,
  })
  .max(limits.maxPatents * 5, { error: ideaMessages.maxPatents })
  .nullish()
  .transform((list, ctx) => {
    const kept: string[] = [];
    for (const [index, raw] of (list ?? []).entries()) {
      const number = (raw ?? '').trim();
      if (!number) continue;
      if (number.length > PATENT_NUMBER_MAX) {
        ctx.addIssue({ code: 'custom', path: [index], message: ideaMessages.patentTooLong });
      } else if (!PATENT_PATTERN.test(number)) {
        ctx.addIssue({ code: 'custom', path: [index], message: ideaMessages.patentInvalid });
      } else {
        kept.push(number);
      }
    }
    if (kept.length > limits.maxPatents) {
      ctx.addIssue({ code: 'custom', path: [], message: ideaMessages.maxPatents });
    }
    return kept;
  });

const lookupId = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, {
    error: message,
  });

/**
 * SPEC §3 idea (posted or updated), with SPEC §5 rules: one schema for the server's validation of
 * POST and PUT /ideas and for the web form's resolver. PUT replaces the whole idea.
 */
export const ideaBody = z.object({
  title: requiredText(ideaMessages.titleRequired, limits.ideaTitle, ideaMessages.titleTooLong),
  introduction: requiredText(
    ideaMessages.introductionRequired,
    limits.ideaIntroduction,
    ideaMessages.introductionTooLong,
  ),
  problem: optionalText('Problem', limits.ideaProblem, ideaMessages.problemTooLong),
  opportunity: optionalText('Opportunity', limits.ideaOpportunity, ideaMessages.opportunityTooLong),
  urls: urlsField,
  patents: patentsField,
  ip_status_id: lookupId(ideaMessages.ipStatusInvalid)
    .nullish()
    .transform((value) => value ?? null),
  support_ids: z
    .array(lookupId(ideaMessages.supportInvalid), { error: ideaMessages.supportInvalid })
    .max(50, { error: ideaMessages.supportInvalid })
    .nullish()
    .transform((list) => [...new Set(list ?? [])]),
});
export type IdeaInput = z.input<typeof ideaBody>;
export type IdeaValues = z.output<typeof ideaBody>;

/** A comma list of ids in a query string (`1,2,3`); empty means no filter. */
const idList = (name: string) => {
  const message = `${name} must be a comma-separated list of ids.`;
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      const ids = text.split(',').map((part) => (/^\s*\d{1,10}\s*$/.test(part) ? Number(part) : 0));
      if (ids.length > 100 || ids.some((id) => id < 1 || id > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });
};

export const ideaFilters = z.object({
  following: z
    .enum(['true', 'false'], { error: 'following must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
  support_id: idList('support_id'),
  school_id: idList('school_id'),
  department_id: idList('department_id'),
  idea_owner_id: idList('idea_owner_id'),
  q: optionalSearchText,
});
export type IdeaFilters = z.output<typeof ideaFilters>;

/** With `q` and no `sort_order` the order is relevance (CONTRACT §7); else newest first. */
export const ideaListQuery = pagination.extend(ideaFilters.shape).extend({
  sort_order: z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc.' }).optional(),
});
export type IdeaListQuery = z.output<typeof ideaListQuery>;

/** SPEC §3 user summary: the principal investigator and case manager of an idea. */
export const ideaPerson = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The member's headline. */
  position: z.string(),
  profile_image_url: z.string().nullable(),
  role_id: z.number().int(),
  role_icon: z.string(),
  role_name: z.string(),
  admin_status_id: z.number().int(),
  user_status_id: z.number().int(),
  school_id: z.number().int().nullable(),
  department_id: z.number().int().nullable(),
});
export type IdeaPerson = z.infer<typeof ideaPerson>;

/** An idea in a list: what a feed card shows. */
export const ideaSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  introduction: z.string(),
  created_at: z.string(),
  support_ids: z.array(z.number().int()),
  ip_status_id: z.number().int().nullable(),
  is_following: z.boolean(),
  follower_count: z.number().int(),
  comment_count: z.number().int(),
  principal_investigator: ideaPerson,
  case_manager: ideaPerson.nullable(),
});
export type IdeaSummary = z.infer<typeof ideaSummary>;

/** SPEC §3 idea (read). `ip_status` and `idea_patents` repeat `ip_status_id` and `patents`. */
export const ideaDetail = ideaSummary.extend({
  problem: z.string(),
  opportunity: z.string(),
  updated_at: z.string(),
  urls: z.array(z.object({ url: z.string(), title: z.string() })),
  ip_status: z.number().int().nullable(),
  patents: z.array(z.string()),
  idea_patents: z.array(z.string()),
});
export type IdeaDetail = z.infer<typeof ideaDetail>;

export const ideasPage = pageOf('ideas', ideaSummary);
export type IdeasPage = { ideas: IdeaSummary[]; page: number; total_pages: number };

/**
 * A card of the recommended feed: up to 5 words of the member's own profile and ideas that the
 * idea also holds, as the member wrote them, so the feed says why it chose the idea.
 */
export const recommendedIdea = ideaSummary.extend({ matched_interests: z.array(z.string()) });
export type RecommendedIdea = z.infer<typeof recommendedIdea>;
export const recommendedIdeasPage = pageOf('ideas', recommendedIdea);
export type RecommendedIdeasPage = {
  ideas: RecommendedIdea[];
  page: number;
  total_pages: number;
};
export const ideaCountAnswer = z.object({ total_count: z.number().int() });
export const ideaIdAnswer = z.object({ idea_id: z.number().int() });
export const followAnswer = z.object({ is_following: z.boolean() });

export const ideaOwnersQuery = z.object({
  school_id: idList('school_id'),
  department_id: idList('department_id'),
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(100, { error: tooLongMessage('q', 100) })),
});
export const ideaOwnersAnswer = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
