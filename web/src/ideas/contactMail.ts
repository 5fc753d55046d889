import { type IdeaPerson, status } from '@kindling/contract';

interface ContactTexts {
  subject: string;
  greeting: string;
  intro: string;
}

/**
 * SPEC §6: only an approved, active member (user and admin status both 2) can be contacted, and
 * never by themselves.
 */
export function canContact(person: IdeaPerson, viewerId: number | undefined): boolean {
  return (
    person.user_status_id === status.approved &&
    person.admin_status_id === status.approved &&
    person.id !== viewerId
  );
}

/**
 * A mail compose link with the tenant's subject, greeting and intro, signed with the sender's
 * name. Percent-encoded throughout: a `+` would stay a plus sign in a mail client.
 */
export function contactHref(person: IdeaPerson, texts: ContactTexts, senderName: string): string {
  const body = `${texts.greeting} ${person.first_name},\n\n${texts.intro}\n\n${senderName}`;
  return `mailto:${person.email}?subject=${encodeURIComponent(
    texts.subject,
  )}&body=${encodeURIComponent(body)}`;
}
