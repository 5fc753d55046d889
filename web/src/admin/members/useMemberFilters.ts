import { type MemberStanding, memberStandings } from '@kindling/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { MemberFilterValues } from './membersApi.ts';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const keys = {
  q: 'q',
  status: 'status',
  roleId: 'role',
  schoolId: 'school',
  departmentId: 'department',
} as const;

/**
 * The members list's filters and page, kept in the URL so a reload or a shared link shows the same
 * list. Changing a filter goes back to the first page.
 */
export function useMemberFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<MemberFilterValues>(() => {
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
  }, [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const setFilters = useCallback(
    (changes: Partial<MemberFilterValues>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [field, value] of Object.entries(changes)) {
            const key = keys[field as keyof MemberFilterValues];
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return { filters, page, setFilters, setPage };
}
