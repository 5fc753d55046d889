import { MemberList } from '../MemberList.tsx';
import { usePageParam } from '../usePageParam.ts';

/** Invitation requests and invitations by members, waiting for an administrator. */
export function RequestsSection() {
  const [page, onPage] = usePageParam();
  return (
    <MemberList
      adminStatusId={1}
      page={page}
      onPage={onPage}
      empty={{
        title: 'Pending requests',
        message: 'No one is waiting for approval. New requests and invitations appear here.',
      }}
    />
  );
}
