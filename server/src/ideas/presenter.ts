import {
  type IdeaDetail,
  type IdeaPerson,
  type IdeaSummary,
  limits,
  type RecommendedIdea,
} from '@kindling/contract';
import type { PersonRow, SummaryRow } from './idea-rows.ts';
import type { InterestWord } from './ranking-cache.ts';
import type { RecommendedRow } from './recommendations.ts';
import type { DetailRow } from './repository.ts';

function presentPerson(row: PersonRow): IdeaPerson {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    position: row.headline,
    profile_image_url: row.profile_image_url,
    role_id: row.role_id,
    role_icon: row.role_icon,
    role_name: row.role_name,
    admin_status_id: row.admin_status_id,
    user_status_id: row.user_status_id,
    school_id: row.school_id,
    department_id: row.department_id,
  };
}

export function presentSummary(row: SummaryRow): IdeaSummary {
  return {
    id: row.id,
    title: row.title,
    introduction: row.introduction,
    created_at: row.created_at,
    support_ids: row.support_ids,
    ip_status_id: row.ip_status_id,
    is_following: row.is_following,
    follower_count: row.follower_count,
    comment_count: row.comment_count,
    principal_investigator: presentPerson(row.principal_investigator),
    case_manager: row.case_manager ? presentPerson(row.case_manager) : null,
  };
}

/**
 * A word as a card names it: as the member wrote it, but a capital that only began a sentence or a
 * headline lowered, so that 'Solar' and 'battery' (and 'Non-invasive' and 'non-invasive') read
 * alike while 'MRI' and 'iPhone' stay.
 */
const asInterest = (word: string) =>
  /^\p{Lu}\p{Ll}+(-\p{Ll}+)*$/u.test(word) ? word.toLowerCase() : word;

/** A recommended card with the member's words its idea holds. */
export function presentRecommended(
  row: RecommendedRow,
  interests: InterestWord[],
): RecommendedIdea {
  const wordOf = new Map(interests.map((w) => [w.lexeme, asInterest(w.word)]));
  return {
    ...presentSummary(row),
    // The parts of a hyphenated word are shown as the word, once.
    matched_interests: [
      ...new Set(row.matched.map((lexeme) => wordOf.get(lexeme) ?? lexeme)),
    ].slice(0, limits.matchedInterests),
  };
}

export function presentDetail(row: DetailRow): IdeaDetail {
  return {
    ...presentSummary(row),
    problem: row.problem,
    opportunity: row.opportunity,
    updated_at: row.updated_at,
    urls: row.urls.map((link) => ({ url: link.url, title: link.title })),
    ip_status: row.ip_status_id,
    patents: row.patents,
    idea_patents: row.patents,
  };
}
