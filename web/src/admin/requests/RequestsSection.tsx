import { MemberList } from '../MemberList.tsx';

/** Invitation requests and invitations by members, waiting for an administrator. */
export function RequestsSection() {
  return (
    <MemberList
      adminStatusId={1}
      empty={{
        title: 'Pending requests',
        message: 'No one is waiting for approval. New requests and invitations appear here.',
      }}
    />
  );
}
