import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit } from '../factories.ts';
import { uniqueSuffix } from './operations.ts';
import { makeWorld, type World } from './world.ts';

/** Links a page would render as href: any that is not http(s) could run script when followed. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://www.linkedin.com/in/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://ok.example/"><img src=x onerror=alert(1)>',
];

describe('every URL field a page links to takes web addresses only', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
  });
  afterAll(() => t.close());

  it('refuses script, data and markup URLs in idea links, profile links and invitation links', async () => {
    const { alpha } = world;
    const { faculty } = alpha;
    const calls = (url: string): [string, RequestInit][] => [
      [
        '/api/v1/ideas',
        jsonInit(
          'POST',
          { title: 'Linked', introduction: 'x', urls: [{ url, title: 'a' }] },
          faculty.cookie,
        ),
      ],
      ...['linkedin_url', 'google_scholar_url', 'faculty_page_url'].map(
        (field): [string, RequestInit] => [
          `/api/v1/profiles/${faculty.id}`,
          jsonInit(
            'PUT',
            { first_name: 'F', last_name: 'M', bio: 'b', [field]: url },
            faculty.cookie,
          ),
        ],
      ),
      ...['linkedin_url', 'google_scholar_url'].map((field): [string, RequestInit] => [
        `/api/v1/request-invitation?tenant_id=${alpha.tenantId}`,
        jsonInit('POST', {
          first_name: 'Ann',
          last_name: 'Other',
          email: `ann-${uniqueSuffix()}@uni.edu`,
          role_id: 2,
          linkedin_url: 'https://www.linkedin.com/in/ann-other',
          [field]: url,
        }),
      ]),
    ];
    const taken: string[] = [];
    for (const url of HOSTILE_URLS) {
      for (const [path, init] of calls(url)) {
        await t.deps.rateLimits.invitationRequests.delete('unknown');
        const res = await t.request(path, init);
        if (res.status !== 400) taken.push(`${path} ${init.body}: ${res.status}`);
      }
    }
    expect(taken).toEqual([]);
  });
});
