import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { recentMails } from './outbox-queue.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Without SMTP, development mail is read here (CONTRACT §2): outside production and only from the
 * machine itself, because it shows every tenant's claim links and codes.
 */
export function registerDevMail(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  if (deps.config.production) {
    app.all('/dev/*', (c) => c.notFound());
    return;
  }
  const allowed = (c: Context<AppEnv>) => LOOPBACK.has(c.get('clientAddress'));

  app.get('/dev/mail.json', async (c) => {
    if (!allowed(c)) return c.notFound();
    c.header('Cache-Control', 'no-store');
    return c.json({ mails: await recentMails(deps.database.db, 100) });
  });

  app.get('/dev/mail', async (c) => {
    if (!allowed(c)) return c.notFound();
    const mails = await recentMails(deps.database.db, 100);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ${m.createdAt.toISOString()} · ${m.status}</p>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mail</title>
<link rel="stylesheet" href="/dev/mail.css"></head><body><main><h1>Development mail (${mails.length})</h1>
<p>Mails queued while no SMTP_URL is set, newest first. Links in them are clickable in the text below.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`);
  });

  app.get('/dev/mail.css', (c) => {
    if (!allowed(c)) return c.notFound();
    c.header('Content-Type', 'text/css');
    return c.body(
      'body{font-family:system-ui,sans-serif;background:#fafaf9;color:#1c1917;margin:0}main{max-width:860px;margin:0 auto;padding:24px}article{background:#fff;border:1px solid #d6d3d1;border-radius:8px;padding:16px;margin:16px 0}h2{font-size:18px;margin:0 0 4px}.meta{color:#57534e;font-size:13px;margin:0 0 8px}pre{white-space:pre-wrap;word-break:break-all;font-size:14px}',
    );
  });
}
