import type { Branding } from '@kindling/contract';
import type { OutgoingMail } from './outbox.ts';

/** What every mail is branded with: the tenant's name, logo and primary colour. */
export interface MailBrand {
  productName: string;
  logoUrl: string;
  primaryColor: string;
  publicUrl: string;
  /** Every mailed link carries `tenant={domain}` (CONTRACT §3). */
  domain: string;
}

export function mailBrand(branding: Branding, publicUrl: string, domain: string): MailBrand {
  const logo = branding.logo;
  return {
    productName: branding.productName,
    logoUrl: /^https?:\/\//.test(logo)
      ? logo
      : `${publicUrl}${logo.startsWith('/') ? '' : '/'}${logo}`,
    primaryColor: /^#[0-9a-fA-F]{3,8}$/.test(branding.styles['color-primary'] ?? '')
      ? (branding.styles['color-primary'] as string)
      : '#9a3412',
    publicUrl,
    domain,
  };
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Body {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Blocks after the paragraphs that are more than a paragraph (a digest's lists). */
  parts?: MailPart[];
  action?: { label: string; url: string };
  code?: string;
  footnote?: string;
  /** The end of a notification mail (unsubscribeFooter, or a digest's). */
  footer?: MailPart;
}

/** A part of a mail in both its forms, so the two never say different things. */
export interface MailPart {
  text: string;
  html: string;
}

/**
 * Multipart text and HTML from one description, so the two never say different things: every
 * mail, a digest too, is this shell with the tenant's logo, name and colour.
 */
export function compose(brand: MailBrand, body: Body): OutgoingMail {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.parts ?? []).flatMap((part) => [part.text, '']),
    ...(body.code ? [body.code, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.footnote ? [body.footnote, ''] : []),
    ...(body.footer ? [body.footer.text, ''] : []),
    `— ${brand.productName}`,
  ].join('\n');
  const color = brand.primaryColor;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${color};padding:20px 32px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.productName)}" height="32" style="height:32px;vertical-align:middle"> <span style="color:#ffffff;font-size:18px;font-weight:600;vertical-align:middle">${escapeHtml(brand.productName)}</span></td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${(body.parts ?? []).map((part) => part.html).join('\n')}
${body.code ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:Menlo,Consolas,monospace">${escapeHtml(body.code)}</p>` : ''}
${body.action ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:${color};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e;word-break:break-all">${escapeHtml(body.action.url)}</p>` : ''}
${body.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#57534e">${escapeHtml(body.footnote)}</p>` : ''}
${body.footer?.html ?? ''}
</td></tr></table>
<p style="font-size:12px;color:#57534e;margin:16px 0 0">${escapeHtml(brand.productName)}</p>
</td></tr></table></body></html>`;
  return { to: body.to, subject: body.subject, text, html };
}

export function claimInvitationMail(
  brand: MailBrand,
  to: { email: string; firstName: string },
  link: string,
  reason: 'invited' | 'approved' | 'created',
  inviterName?: string,
): OutgoingMail {
  const opening = {
    invited: `${inviterName ?? 'A colleague'} has invited you to join ${brand.productName}, where members share ideas and find collaborators.`,
    approved: `Your request to join ${brand.productName} has been approved.`,
    created: `A profile has been created for you on ${brand.productName}, where members share ideas and find collaborators.`,
  }[reason];
  return compose(brand, {
    to: to.email,
    subject:
      reason === 'approved'
        ? `Your ${brand.productName} invitation is ready`
        : `You're invited to join ${brand.productName}`,
    greeting: `Hi ${to.firstName},`,
    paragraphs: [opening, 'Claim your profile and set your password with the link below.'],
    action: { label: 'Claim your profile', url: link },
    footnote: 'This link is personal and expires in 14 days.',
  });
}

export function invitationRequestReceivedMail(
  brand: MailBrand,
  to: { email: string; firstName: string },
): OutgoingMail {
  return compose(brand, {
    to: to.email,
    subject: `We received your request to join ${brand.productName}`,
    greeting: `Hi ${to.firstName},`,
    paragraphs: [
      `Thank you for your interest in ${brand.productName}. An administrator will review your request.`,
      'Once it is approved, you will receive an e-mail with a link to claim your profile.',
    ],
  });
}

export function resetCodeMail(
  brand: MailBrand,
  to: { email: string; firstName: string },
  code: string,
): OutgoingMail {
  return compose(brand, {
    to: to.email,
    subject: `Your ${brand.productName} confirmation code`,
    greeting: `Hi ${to.firstName},`,
    paragraphs: ['Use this confirmation code to reset your password:'],
    code,
    footnote:
      'The code expires in 15 minutes. If you did not ask to reset your password, you can ignore this e-mail.',
  });
}

/**
 * A link into the app from a mail: the app's path with `tenant={domain}` (CONTRACT §3), and the
 * path's fragment kept at the end where it belongs.
 */
export function appLink(
  brand: MailBrand,
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(`${brand.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  url.searchParams.set('tenant', brand.domain);
  return url.toString();
}

/**
 * The end of every notification mail, immediate or digest (CONTRACT §9): why it came, the app's
 * unsubscribe screen for the token (which asks before it unsubscribes, so a mail scanner opening
 * the link changes nothing), and the settings screen.
 */
export function unsubscribeFooter(brand: MailBrand, token: string, why: string): MailPart {
  const unsubscribe = appLink(brand, '/unsubscribe', { token });
  const settings = appLink(brand, '/notification-settings');
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#57534e">${escapeHtml(label)}</a>`;
  return {
    text: [why, `Unsubscribe: ${unsubscribe}`, `Notification settings: ${settings}`].join('\n'),
    html: `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e7e5e4;font-size:13px;color:#57534e">${escapeHtml(why)} ${link(unsubscribe, 'Unsubscribe')} · ${link(settings, 'Notification settings')}</p>`,
  };
}

/** The sentence as written, with a full stop unless it ends with its own. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * One notification, mailed as it happens to a member whose setting for its kind is immediate: what
 * happened, a link to it (appLink) and the unsubscribe footer.
 */
export function notificationMail(
  brand: MailBrand,
  to: { email: string; firstName: string },
  notice: { text: string; url: string },
  footer: MailPart,
): OutgoingMail {
  return compose(brand, {
    to: to.email,
    subject: notice.text,
    greeting: `Hi ${to.firstName},`,
    paragraphs: [sentence(notice.text)],
    action: { label: `Open it on ${brand.productName}`, url: notice.url },
    footer,
  });
}
