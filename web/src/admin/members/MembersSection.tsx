import { MemberList } from '../MemberList.tsx';
import { usePageParam } from '../usePageParam.ts';

/** Every member of the tenant with their standing. */
export function MembersSection() {
  const [page, onPage] = usePageParam();
  return (
    <MemberList
      variant="members"
      adminStatusId={undefined}
      page={page}
      onPage={onPage}
      empty={{ title: 'Members', message: 'There are no members yet.' }}
    />
  );
}
