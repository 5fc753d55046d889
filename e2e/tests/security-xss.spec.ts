import { rmSync } from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoUsers } from '../support/demo.ts';
import { demoDataDir, type OwnServer, startOwnServer } from '../support/ownServer.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A value that is markup if a screen ever renders it as HTML: it would create an image whose
 * handler records `key`. The key names the field, so a failure says which one leaked.
 */
const mark = (key: string) => `${key}"'><img src=x onerror=__xss('${key}')>`;
const shown = (key: string) => `onerror=__xss('${key}')`;

interface Findings {
  injected: string[];
  ran: string[];
  refused: string[];
}

/**
 * Everything on the page that only injected markup would produce: event-handler attributes,
 * inline scripts, frames, script URLs, and the payload's own image; plus what the page's hook and
 * the CSP saw trying to run (the CSP would block it, so the DOM check is what proves escaping).
 */
async function findings(page: Page): Promise<Findings> {
  return page.evaluate(() => {
    const injected: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      for (const name of element.getAttributeNames()) {
        const value = element.getAttribute(name) ?? '';
        if (name.startsWith('on')) injected.push(`<${tag} ${name}="${value}">`);
        if (
          /^\s*(javascript|vbscript|data:text\/html)/i.test(value) &&
          /href|src|action/.test(name)
        ) {
          injected.push(`<${tag} ${name}="${value}">`);
        }
      }
      if (tag === 'script' && !element.getAttribute('src')) injected.push('inline <script>');
      if (['iframe', 'object', 'embed'].includes(tag)) injected.push(`<${tag}>`);
      if (tag === 'img' && element.getAttribute('src') === 'x') injected.push('<img src=x>');
    }
    const state = window as unknown as { __xssRan: string[]; __cspRefused: string[] };
    return { injected, ran: state.__xssRan, refused: state.__cspRefused };
  });
}

/** Script errors of the page: a screen that crashes on hostile text hides it instead of escaping it. */
const crashes = new WeakMap<Page, string[]>();

async function expectInert(page: Page, where: string, visible: string[] = []) {
  await page.waitForLoadState('networkidle');
  expect(crashes.get(page) ?? [], `${where}: page errors`).toEqual([]);
  for (const key of visible) {
    await expect
      .poll(() => page.evaluate(() => document.body.innerText), {
        message: `${where}: ${key} shown`,
      })
      .toContain(shown(key));
  }
  expect(await findings(page), where).toEqual({ injected: [], ran: [], refused: [] });
}

async function signIn(request: APIRequestContext, base: string, tenantId: number, email: string) {
  const answer = await request.post(`${base}/api/v1/auth/sign-in`, {
    data: { email, password: DEMO_PASSWORD, tenant_id: tenantId },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  return (await answer.json()).user.userId as number;
}

async function created(answer: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  expect(answer.status(), `${what}: ${await answer.text()}`).toBeLessThan(300);
  return (await answer.json()) as Record<string, number>;
}

// A server of its own: the payloads must not show up in the shared demo other journeys look at.
test.describe('stored XSS: every free text is shown as text', () => {
  let server: OwnServer | undefined;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dataDir = demoDataDir('kindling-e2e-xss-');
    server = await startOwnServer(Number(process.env.E2E_PORT ?? 3100) + 51, dataDir);
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('ideas, profiles, lookups and the console render hostile text inert', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const base = server?.url ?? '';
    const at = (route: string) =>
      `${base}${route}${route.includes('?') ? '&' : '?'}tenant=${DEMO_DOMAIN}`;
    await page.addInitScript(() => {
      const state = window as unknown as {
        __xssRan: string[];
        __cspRefused: string[];
        __xss: (key: string) => void;
      };
      state.__xssRan = [];
      state.__cspRefused = [];
      state.__xss = (key) => state.__xssRan.push(key);
      // Every refusal counts, the app's own included: zod validates without eval
      // (web/src/validation/zodWithoutEval.ts), so nothing of ours asks the CSP for it.
      document.addEventListener('securitypolicyviolation', (event) => {
        const source = `${event.sourceFile}:${event.lineNumber}`;
        state.__cspRefused.push(
          `${event.violatedDirective} ${event.blockedURI} ${source} ${event.sample}`,
        );
      });
    });
    const errors: string[] = [];
    crashes.set(page, errors);
    page.on('pageerror', (error) => errors.push(error.message));
    const api = page.request;
    const tenant = await (await api.get(`${base}/api/v1/tenant?domain=${DEMO_DOMAIN}`)).json();

    await signIn(api, base, tenant.id, demoUsers.admin);
    const post = (route: string, data: unknown) => api.post(`${base}/api/v1${route}`, { data });
    const school = await created(await post('/admin/schools', { name: mark('sch') }), 'school');
    const department = await created(
      await post('/admin/departments', { name: mark('dep'), school_id: school.id }),
      'department',
    );
    const support = await created(await post('/admin/support', { name: mark('sup') }), 'support');
    const ipStatus = await created(
      await post('/admin/ip-status', { name: mark('ips') }),
      'IP status',
    );
    // What an administrator writes is shown to every member: it must stay text as well.
    const put = async (route: string, data: unknown) => {
      const answer = await api.put(`${base}/api/v1${route}`, { data });
      expect(answer.status(), `${route}: ${await answer.text()}`).toBe(200);
    };
    await put('/admin/roles/2', { name: mark('rol') });
    await put('/admin/branding', {
      productName: mark('pn'),
      footer: { copyrightNotice: mark('cp') },
      navLabels: { ideas: mark('nv'), people: mark('np') },
      home: { title: mark('ht'), tagline: mark('tg'), descriptions: [mark('hd')] },
    });
    await put('/admin/terms', {
      terms: {
        title: mark('tt'),
        lastUpdated: mark('tl'),
        introduction: mark('tin'),
        sections: [
          {
            title: mark('ts'),
            content: mark('tc'),
            items: [{ boldText: mark('tb'), description: mark('td') }],
          },
        ],
        conclusion: mark('tz'),
      },
    });

    const facultyId = await signIn(api, base, tenant.id, demoUsers.faculty);
    const idea = await created(
      await post('/ideas', {
        title: mark('ti'),
        introduction: mark('in'),
        problem: mark('pr'),
        opportunity: mark('op'),
        urls: [{ url: 'https://example.org/reading', title: mark('ut') }],
        support_ids: [support.id],
        ip_status_id: ipStatus.id,
      }),
      'idea',
    );
    const profile = await api.put(`${base}/api/v1/profiles/${facultyId}`, {
      data: {
        // Sorts first in the directory, so page 1 shows it.
        first_name: `Aa${mark('fn')}`,
        last_name: mark('ln'),
        bio: `<p>${mark('bio')}</p>`,
        headline: mark('hl'),
        location: mark('lo'),
        school_id: school.id,
        department_id: department.id,
        education: [{ institution: mark('ei'), degree: mark('ed'), activities: mark('ea') }],
        most_recent_experience: [
          {
            title: mark('xt'),
            organization: mark('xo'),
            employment_type: mark('xe'),
            description: mark('xd'),
            start_date: '2020-01-01',
          },
        ],
        patents: [{ title: mark('pt') }],
        projects: [{ title: mark('pj'), description: mark('pd') }],
        publications: [{ title: mark('pu'), authors: mark('pa'), year: 2020 }],
        grants: [
          {
            title: mark('gt'),
            organization: mark('go'),
            grant_number: mark('gn'),
            description: mark('gd'),
          },
        ],
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    await page.goto(at(`/ideas/${idea.idea_id}`));
    await expectInert(page, 'idea', ['ti', 'in', 'pr', 'op', 'ut', 'fn', 'sup']);
    await saveScreenshot(page, testInfo, 'security-xss-idea');
    await page.goto(at(`/profile/${facultyId}`));
    await expectInert(page, 'profile', [
      'fn',
      'ln',
      'hl',
      'lo',
      'sch',
      'dep',
      'ei',
      'xt',
      'pu',
      'gt',
      'rol',
    ]);
    await saveScreenshot(page, testInfo, 'security-xss-profile');
    await page.goto(at('/people'));
    await expectInert(page, 'people', ['fn', 'hl']);
    await page.goto(at('/my-ideas'));
    await expectInert(page, 'my ideas', ['ti']);
    for (const [where, route] of [
      ['update profile', '/update-profile'],
      ['edit idea', `/my-ideas/edit/${idea.idea_id}`],
      ['new idea', '/idea-creation'],
    ] as const) {
      await page.goto(at(route));
      await expectInert(page, where);
    }

    await signIn(api, base, tenant.id, demoUsers.admin);
    await page.goto(at('/dashboard'));
    // The product name is the logo's alternative text: the DOM check covers it.
    await expectInert(page, 'dashboard', ['ti', 'nv', 'cp']);
    await page.goto(at('/terms-and-conditions'));
    await expectInert(page, 'terms', ['tt', 'tin', 'ts', 'tc', 'tb', 'td', 'tz']);
    await saveScreenshot(page, testInfo, 'security-xss-terms');
    await page.goto(at(`/people?school_id=${school.id}`));
    await expectInert(page, 'people filtered by the school', ['fn']);
    // Every console section: members, requests, the audit log of the changes above, lookups.
    // The signed-out home shows the branding's own texts.
    await page.context().clearCookies();
    await page.goto(at('/'));
    await expectInert(page, 'home', ['ht', 'tg', 'hd']);
    await saveScreenshot(page, testInfo, 'security-xss-home');
    await signIn(api, base, tenant.id, demoUsers.admin);
    for (const section of [
      '',
      '/members',
      '/requests',
      '/audit',
      '/ideas',
      '/reference',
      '/reference/departments',
      '/reference/support',
      '/reference/ip-status',
      '/reference/roles',
      '/branding',
    ]) {
      await page.goto(at(`/admin${section}`));
      await expectInert(page, `/admin${section}`);
    }
  });
});
