import {
  type DigestFrequency,
  type NotificationKind,
  notificationKindLabels,
} from '@kindling/contract';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { MailBrand } from '../mail/templates.ts';
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

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

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

/** The daily or weekly digest: multipart text and HTML from one description. */
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
  const greeting = `Hello ${digest.to.firstName},`;
  const lead = 'What happened that you have not read yet, newest first.';
  const kinds = digest.kinds.map((kind) => notificationKindLabels[kind].toLowerCase()).join('; ');
  const why = `You get this ${digest.frequency} digest for: ${kinds}.`;
  const unsubscribe = `Unsubscribe from these mails: ${digest.unsubscribeUrl}`;

  const text = [
    greeting,
    '',
    lead,
    '',
    ...digest.groups.flatMap((group) => [
      group.title,
      ...group.items.map(
        (item) =>
          `- ${item.text} (${when.format(item.createdAt)}): ${mailedLink(brand, item.link)}`,
      ),
      '',
    ]),
    why,
    unsubscribe,
    '',
    `— ${brand.productName}`,
  ].join('\n');

  const color = brand.primaryColor;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${color};padding:20px 32px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.productName)}" height="32" style="height:32px;vertical-align:middle"> <span style="color:#ffffff;font-size:18px;font-weight:600;vertical-align:middle">${escapeHtml(brand.productName)}</span></td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(lead)}</p>
${digest.groups
  .map(
    (group) => `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(group.title)}</h2>
<ul style="margin:0;padding-left:20px">
${group.items
  .map(
    (item) =>
      `<li style="margin:0 0 8px;font-size:15px;line-height:1.5"><a href="${escapeHtml(mailedLink(brand, item.link))}" style="color:${color}">${escapeHtml(item.text)}</a> <span style="color:#57534e;font-size:13px">${escapeHtml(when.format(item.createdAt))}</span></li>`,
  )
  .join('\n')}
</ul>`,
  )
  .join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(digest.unsubscribeUrl)}" style="color:#57534e">Unsubscribe from these mails</a>.</p>
</td></tr></table>
<p style="font-size:12px;color:#57534e;margin:16px 0 0">${escapeHtml(brand.productName)}</p>
</td></tr></table></body></html>`;
  return { to: digest.to.email, subject, text, html };
}
