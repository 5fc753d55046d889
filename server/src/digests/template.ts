import {
  type DigestFrequency,
  type NotificationKind,
  notificationKindLabels,
} from '@kindling/contract';
import type { OutgoingMail } from '../mail/outbox.ts';
import { compose, escapeHtml, type MailBrand } from '../mail/templates.ts';
import type { DigestItem } from './repository.ts';

/** A digest's notifications about one idea (or about none), newest first. */
export interface DigestGroup {
  title: string;
  items: DigestItem[];
}

const OTHER = 'Elsewhere in the portal';

/**
 * One member's notifications grouped by idea: the group with the newest notification first, and
 * the newest first within each (Decidim's digests buried the newest items; these lead with them).
 */
export function groupByIdea(items: DigestItem[]): DigestGroup[] {
  const newestFirst = [...items].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  const groups = new Map<number | null, DigestGroup>();
  for (const item of newestFirst) {
    let group = groups.get(item.ideaId);
    if (!group) {
      group = { title: item.ideaTitle ?? OTHER, items: [] };
      groups.set(item.ideaId, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** An app path as a mailed link: absolute, carrying `tenant={domain}` (CONTRACT §3). */
export function mailedLink(brand: MailBrand, path: string): string {
  const url = new URL(path, `${brand.publicUrl}/`);
  url.searchParams.set('tenant', brand.domain);
  return url.toString();
}

interface DigestMail {
  to: { email: string; firstName: string };
  frequency: DigestFrequency;
  groups: DigestGroup[];
  /** The kinds it gathered, which its unsubscribe turns off. */
  kinds: NotificationKind[];
  /** The app's /unsubscribe screen for this mail's token. */
  unsubscribeUrl: string;
  timeZone: string;
}

/** The daily or weekly digest: the groups as lists in the shell every mail has (compose). */
export function digestMail(brand: MailBrand, digest: DigestMail): OutgoingMail {
  const count = digest.groups.reduce((sum, group) => sum + group.items.length, 0);
  const subject = `Your ${digest.frequency} digest from ${brand.productName}: ${count} new ${
    count === 1 ? 'notification' : 'notifications'
  }`;
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: digest.timeZone,
  });
  const kinds = digest.kinds.map((kind) => notificationKindLabels[kind].toLowerCase()).join('; ');
  const why = `You get this ${digest.frequency} digest for: ${kinds}.`;

  return compose(brand, {
    to: digest.to.email,
    subject,
    greeting: `Hello ${digest.to.firstName},`,
    paragraphs: ['What happened that you have not read yet, newest first.'],
    parts: digest.groups.map((group) => ({
      text: [
        group.title,
        ...group.items.map(
          (item) =>
            `- ${item.text} (${when.format(item.createdAt)}): ${mailedLink(brand, item.link)}`,
        ),
      ].join('\n'),
      html: `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(group.title)}</h2>
<ul style="margin:0;padding-left:20px">
${group.items
  .map(
    (item) =>
      `<li style="margin:0 0 8px;font-size:15px;line-height:1.5"><a href="${escapeHtml(mailedLink(brand, item.link))}" style="color:${brand.primaryColor}">${escapeHtml(item.text)}</a> <span style="color:#57534e;font-size:13px">${escapeHtml(when.format(item.createdAt))}</span></li>`,
  )
  .join('\n')}
</ul>`,
    })),
    footer: {
      text: `${why}\nUnsubscribe from these mails: ${digest.unsubscribeUrl}`,
      html: `<p style="margin:24px 0 0;font-size:13px;color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(digest.unsubscribeUrl)}" style="color:#57534e">Unsubscribe from these mails</a>.</p>`,
    },
  });
}
