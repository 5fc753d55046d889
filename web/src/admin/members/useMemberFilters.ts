import { type AdminUsersQuery, memberStandings } from '@kindling/contract';
import { idParam, listParams, oneOfParam, pageParam, textParam } from '../../lists/urlState.ts';
import { useUrlState } from '../../lists/useUrlState.ts';

const memberListUrl = listParams<AdminUsersQuery>()({
  q: textParam('q'),
  status: oneOfParam('status', memberStandings, ''),
  roleId: idParam('role_id'),
  schoolId: idParam('school_id'),
  departmentId: idParam('department_id'),
  page: pageParam,
});

/** Typing a search does not leave a history entry per pause. */
const replace = { replace: true };

/** The members list's filters and page, in the URL; changing a filter goes back to page 1. */
export const useMemberFilters = () => useUrlState(memberListUrl, replace);
