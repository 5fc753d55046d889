import { type Branding, status } from '@kindling/contract';

interface Contactable {
  email: string;
  first_name: string;
  user_status_id: number;
  admin_status_id: number;
}

/** SPEC §4 and §6: only a member whose account is active and approved can be contacted. */
export function isContactable(person: Contactable): boolean {
  return person.user_status_id === status.approved && person.admin_status_id === status.approved;
}

/**
 * The 'Start conversation' e-mail (SPEC §6): the branding's subject, a greeting to the member by
 * first name, the branding's introduction, signed with the sender's name. Lines end in CRLF as
 * RFC 6068 asks of mailto bodies.
 */
export function contactHref(
  person: Pick<Contactable, 'email' | 'first_name'>,
  contact: Branding['contact'],
  senderName: string,
): string {
  const body = [
    `${contact.greeting} ${person.first_name},`,
    '',
    contact.intro,
    '',
    senderName,
  ].join('\r\n');
  const to = encodeURIComponent(person.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(contact.subject)}&body=${encodeURIComponent(body)}`;
}
