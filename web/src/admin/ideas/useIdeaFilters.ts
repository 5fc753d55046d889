import type { AdminIdeasQuery } from '@kindling/contract';
import { idOrNoneParam, idParam, listParams, pageParam, textParam } from '../../lists/urlState.ts';
import { useUrlState } from '../../lists/useUrlState.ts';

const ideaListUrl = listParams<AdminIdeasQuery>()({
  q: textParam('q'),
  ipStatusId: idOrNoneParam('ip_status_id'),
  schoolId: idParam('school_id'),
  caseManagerId: idOrNoneParam('case_manager_id'),
  page: pageParam,
});

/** Typing a search does not leave a history entry per pause. */
const replace = { replace: true };

/** The ideas list's filters and page in the URL; changing a filter goes back to page 1. */
export const useIdeaFilters = () => useUrlState(ideaListUrl, replace);
