import { type MemberStanding, memberStandings } from '@kindling/contract';
import { idParam, useUrlFilters } from '../useUrlFilters.ts';
import type { MemberFilterValues } from './membersApi.ts';

const keys = {
  q: 'q',
  status: 'status',
  roleId: 'role',
  schoolId: 'school',
  departmentId: 'department',
} as const;

const read = (params: URLSearchParams): MemberFilterValues => {
  const status = params.get(keys.status) ?? '';
  return {
    q: params.get(keys.q) ?? '',
    status: (memberStandings as readonly string[]).includes(status)
      ? (status as MemberStanding)
      : '',
    roleId: idParam(params.get(keys.roleId)),
    schoolId: idParam(params.get(keys.schoolId)),
    departmentId: idParam(params.get(keys.departmentId)),
  };
};

/** The members list's filters and page, in the URL; changing a filter goes back to page 1. */
export const useMemberFilters = () => useUrlFilters<MemberFilterValues>(keys, read);
