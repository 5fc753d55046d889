/** A message that may hold in-app links, kept as data so the mapping functions stay testable. */
export type MessagePart = string | { to: string; label: string };
export type Message = readonly MessagePart[];

/** The words a reader sees, links included. */
export function messageText(message: Message): string {
  return message.map((part) => (typeof part === 'string' ? part : part.label)).join('');
}
