import { type Browser, expect, type Page, test } from '@playwright/test';
import { startOidcProvider } from '../../server/test/oidc-provider.ts';
import { makeSamlIdp, startSamlIdp } from '../../server/test/saml-idp.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { exclusively } from '../support/exclusive.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// The university server/test/e2e-universities.ts makes for this journey: a provider on the demo tenant
// would take over its members' e-mail domain in every other journey.
const DOMAIN = 'sso.localhost';
// The OIDC provider's own e-mail domain, so that another journey's provider of the university's
// main domain (left after it ends) is not the one a typed address goes to.
const STAFF = `staff.${DOMAIN}`;
const OURS = ['University Login', 'Medical School'];
const port = process.env.E2E_PORT ?? '3100';
// PUBLIC_URL's origin, as the server names its redirect URI: the provider (on 127.0.0.1) sends the
// browser back there, so the way back is cross-site as with a real university's provider.
const APP = `http://localhost:${port}`;
const CALLBACK = `${APP}/api/v1/auth/sso/oidc/callback`;
// The SAML journey's members: a domain of their own, so the OIDC provider's is left to it.
const CAMPUS = `campus.${DOMAIN}`;
const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}tenant=${DOMAIN}`;

/** A browser of the member's own: no administrator's cookie, no provider session. */
async function memberPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Removes the providers this journey adds, through the signed-in administrator's page. */
async function removeOurs(page: Page) {
  const listed = await (await page.request.get('/api/v1/admin/identity-providers')).json();
  for (const { id, name } of listed.identity_providers as { id: number; name: string }[]) {
    if (OURS.includes(name)) await page.request.delete(`/api/v1/admin/identity-providers/${id}`);
  }
}

/** Removes the SAML journey's provider, through the signed-in administrator's page. */
async function removeCampus(page: Page) {
  const listed = await (await page.request.get('/api/v1/admin/identity-providers')).json();
  for (const { id, name } of listed.identity_providers as { id: number; name: string }[]) {
    if (name === 'Campus Shibboleth') {
      await page.request.delete(`/api/v1/admin/identity-providers/${id}`);
    }
  }
}

/** The provider's own login page (oidc-provider's), as the member fills it in. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

// CONTRACT §8 through a real OpenID Connect provider: the journey runs once, at 1280 px, and looks
// at the new screens at 375 px at its end.
test.describe('single sign-on', () => {
  test('an administrator connects an OIDC provider and a member signs in through its login page', async ({
    page,
    browser,
  }, testInfo) => {
    // Three browsers, a provider's login page twice and three scans: about 40 s on an idle
    // machine, up to 60 s on a loaded one.
    test.setTimeout(120_000);
    // Journeys that connect providers to this university take turns: each one's providers would
    // show on the other's sign-in screen, and each removes what it added.
    await exclusively('sso-tenant', async () => {
      const op = await startOidcProvider(CALLBACK);
      try {
        op.people.set('ada', {
          email: `ada@${STAFF}`,
          email_verified: true,
          given_name: 'Ada',
          family_name: 'Lovelace',
        });
        op.people.set('eve', { email: 'eve@elsewhere.edu', email_verified: true });

        const tenant = await (await page.request.get(`/api/v1/tenant?domain=${DOMAIN}`)).json();
        const signedIn = await page.request.post('/api/v1/auth/sign-in', {
          data: { email: `admin@${DOMAIN}`, password: DEMO_PASSWORD, tenant_id: tenant.id },
        });
        expect(signedIn.status()).toBe(200);
        // A retry starts from none of this journey's providers, as the first try did.
        await removeOurs(page);

        // The administrator adds the provider in the console; a wrong issuer is refused on its field.
        await page.goto(at('/admin/identity'));
        await expect(page.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(CALLBACK);
        await page.getByRole('link', { name: 'Add OIDC provider' }).click();
        await page.getByLabel('Name').fill('University Login');
        await page.getByLabel('Email domains').fill(STAFF);
        await page.getByLabel('Issuer').fill('http://127.0.0.1:9/');
        await page.getByLabel('Client ID').fill(op.clientId);
        await page.getByLabel('Client secret').fill(op.clientSecret);
        await page.getByLabel('Admit newcomers at once').check();
        await page.getByRole('button', { name: 'Add provider' }).click();
        const issuer = page.getByRole('textbox', { name: 'Issuer' });
        await expect(issuer).toHaveAttribute('aria-invalid', 'true');
        await expect(
          page.getByText("The issuer's discovery document could not be read.").first(),
        ).toBeVisible();
        await issuer.fill(op.issuer);
        await page.getByRole('button', { name: 'Add provider' }).click();
        await expect(
          page.getByRole('heading', { level: 2, name: /University Login/ }),
        ).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(CALLBACK);
        await expect(page.getByText(`${op.issuer}/auth`)).toBeVisible();
        await expect(page.getByLabel('Client secret')).toHaveValue('');
        await saveScreenshot(page, testInfo, 'sso-admin-provider');

        // A test sign-in: the administrator goes through the provider as Ada and comes back to the
        // provider's page, still themselves, to what arrived and what would happen; Ada is not made.
        // The provider sends the browser back to PUBLIC_URL's origin: the administrator works there.
        const providerPage = new URL(page.url());
        await page.request.post(`${APP}/api/v1/auth/sign-in`, {
          data: { email: `admin@${DOMAIN}`, password: DEMO_PASSWORD, tenant_id: tenant.id },
        });
        await page.goto(at(`${APP}${providerPage.pathname}`));
        await page.getByRole('link', { name: 'Test sign-in' }).click();
        await signInAtProvider(page, 'ada');
        await expect(page).toHaveURL(/\/admin\/identity\/\d+\?sso_test=1/);
        const tested = page.getByRole('status').filter({ hasText: 'Nobody was signed in' });
        await expect(tested).toContainText(`Would admit ada@${STAFF} as a new member`);
        await expect(tested).toContainText('would be linked on first sign-in');
        await saveScreenshot(page, testInfo, 'sso-admin-test');
        await page.setViewportSize({ width: 375, height: 740 });
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, 'sso-admin-test-375');
        await page.setViewportSize({ width: 1280, height: 800 });

        // A SAML provider by its pasted metadata: what was read is shown back, and Kindling's own
        // metadata URL is there to copy.
        const idp = await makeSamlIdp(
          'https://idp.sso.localhost/shibboleth',
          'https://idp.sso.localhost/sso',
        );
        await page.getByRole('link', { name: 'All identity providers' }).click();
        await page.getByRole('link', { name: 'Add SAML provider' }).click();
        await page.getByLabel('Name').fill('Medical School');
        await page.getByLabel('Email domains').fill(`med.${DOMAIN}`);
        const xml = page.getByRole('textbox', { name: 'Metadata XML' });
        await xml.fill('<html>not metadata</html>');
        await page.getByRole('button', { name: 'Add provider' }).click();
        await expect(xml).toHaveAttribute('aria-invalid', 'true');
        await xml.fill(idp.metadata);
        await page.getByRole('button', { name: 'Add provider' }).click();
        await expect(page.getByRole('heading', { level: 2, name: /Medical School/ })).toBeVisible();
        await expect(page.getByText('https://idp.sso.localhost/shibboleth')).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'SAML metadata URL' })).toHaveValue(
          new RegExp(`^${APP}/api/v1/auth/sso/saml/\\d+/metadata$`),
        );
        await saveScreenshot(page, testInfo, 'sso-admin-saml');

        // A member wanted the people directory; typing their address sends them to the provider.
        const member = await memberPage(browser);
        await member.goto(at('/people'));
        await expect(member).toHaveURL((url) => url.pathname === '/');
        await member.getByRole('link', { name: 'Sign in' }).last().click();
        await expect(
          member.getByRole('button', { name: 'Sign in with University Login' }),
        ).toBeVisible();
        await member.getByLabel('Email').fill(`ada@${STAFF}`);
        await expect(
          member.getByRole('button', { name: 'Continue with University Login' }),
        ).toBeVisible();
        await expect(
          member.getByText('This address signs in through University Login.').first(),
        ).toBeVisible();
        await expect(member.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
        await member.getByLabel('Remember me').check();
        await saveScreenshot(member, testInfo, 'sso-signin-domain');
        await member.getByRole('button', { name: 'Continue with University Login' }).click();

        await signInAtProvider(member, 'ada');
        await expect(member).toHaveURL(`${APP}/people?tenant=${DOMAIN}`);
        await expect(
          member.getByRole('button', { name: 'Account menu for Ada Lovelace' }),
        ).toBeVisible();
        const session = (await member.context().cookies(APP)).find(
          (cookie) => cookie.name === 'kindling_session',
        );
        // 'Remember me' came through the provider: the session lasts 30 days, not an hour.
        expect((session?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);

        // A person of another domain comes back to the sign-in screen with a message in plain words.
        const stranger = await memberPage(browser);
        await stranger.goto(at('/signin'));
        await stranger.getByRole('button', { name: 'Sign in with University Login' }).click();
        await signInAtProvider(stranger, 'eve');
        await expect(stranger).toHaveURL(`${APP}/signin?tenant=${DOMAIN}`);
        await expect(stranger.getByRole('alert')).toContainText(
          'is not one this sign-in option accepts',
        );
        await saveScreenshot(stranger, testInfo, 'sso-signin-error');

        // A pending sign-in opens the specification's screen, as password sign-in does.
        await stranger.goto(at('/signin?sso_error=NOT_APPROVED'));
        await expect(
          stranger.getByRole('heading', { name: 'Account Pending Approval' }),
        ).toBeVisible();
        await stranger.getByRole('button', { name: 'Back to Sign In' }).click();
        // Ada's account has no password: an administrator may still choose one, and a forgotten
        // password is sent to the provider.
        await stranger.getByLabel('Email').fill(`ada@${STAFF}`);
        await stranger.getByRole('button', { name: 'Use my password instead' }).click();
        await expect(stranger.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
        await stranger.getByRole('link', { name: 'Forgot password?' }).click();
        // The sign-in screen has an Email field too: filling before the next screen is there
        // typed into the one about to go away.
        await expect(stranger).toHaveURL(/\/forgot-password/);
        await expect(stranger.getByRole('button', { name: /send/i })).toBeVisible();
        await stranger.getByLabel('Email').fill(`ada@${STAFF}`);
        await stranger.getByRole('button', { name: /send/i }).click();
        await expect(stranger.getByRole('alert')).toHaveText(
          'This account signs in through University Login.',
        );

        // The new screens at 375 px: looked at and scanned.
        await stranger.setViewportSize({ width: 375, height: 740 });
        await stranger.goto(at('/signin?sso_error=PROVIDER_ERROR'));
        await expect(
          stranger.getByRole('button', { name: 'Sign in with Medical School' }),
        ).toBeVisible();
        await expect(stranger.getByRole('alert')).toContainText('could not be reached');
        await expectNoAxeViolations(stranger);
        await saveScreenshot(stranger, testInfo, 'sso-signin-375');
        await page.setViewportSize({ width: 375, height: 740 });
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, 'sso-admin-saml-375');
        await page.getByRole('link', { name: 'All identity providers' }).click();
        await expect(page.getByRole('link', { name: 'Edit University Login' })).toBeVisible();
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, 'sso-admin-list-375');
        await member.context().close();
        await stranger.context().close();
        await removeOurs(page);
      } finally {
        await op.close();
      }
    });
  });

  // CONTRACT §8 through a real SAML identity provider (samlify's, where the product uses
  // node-saml): its login page, and its answer posted to the app cross-site.
  test("a member signs in through the SAML provider's login page, its answer posted cross-site", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    // It takes the university in turn with the OIDC journey, as that one does (exclusive.ts).
    await exclusively('sso-tenant', async () => {
      const idp = await startSamlIdp();
      try {
        idp.people.set(`grace@${CAMPUS}`, {
          attributes: {
            'urn:oid:0.9.2342.19200300.100.1.3': `grace@${CAMPUS}`,
            givenName: 'Grace',
            sn: 'Hopper',
            eduPersonPrincipalName: `ghopper@${CAMPUS}`,
          },
        });
        const tenant = await (await page.request.get(`/api/v1/tenant?domain=${DOMAIN}`)).json();
        const signedIn = await page.request.post('/api/v1/auth/sign-in', {
          data: { email: `admin@${DOMAIN}`, password: DEMO_PASSWORD, tenant_id: tenant.id },
        });
        expect(signedIn.status()).toBe(200);
        // A retry starts from no SAML provider of its own, as the first try did.
        await removeCampus(page);
        const created = await page.request.post('/api/v1/admin/identity-providers', {
          data: {
            protocol: 'saml',
            name: 'Campus Shibboleth',
            email_domains: [CAMPUS],
            metadata_url: idp.metadataUrl,
            auto_approve: true,
          },
        });
        expect(created.status()).toBe(201);
        const { id } = await created.json();
        // The IT office registers Kindling by its metadata URL.
        const metadata = async () =>
          (await page.request.get(`/api/v1/auth/sso/saml/${id}/metadata`)).text();
        idp.trust(await metadata());

        // Kindling's keys roll over in the console, the IT office getting the metadata once new
        // keys are prepared; the member below signs in with the new keys in use.
        await page.goto(at(`/admin/identity/${id}`));
        const keys = page.getByRole('region', { name: "Kindling's keys" });
        const step = async (label: string) => {
          await keys.getByRole('button', { name: label }).click();
          const asked = page.getByRole('alertdialog', { name: `${label}?` });
          await asked.getByRole('button', { name: label }).click();
          await expect(asked).toBeHidden();
        };
        await expect(keys.getByText('In use')).toHaveCount(2);
        await step('Prepare new keys');
        await expect(keys.getByText('New, not yet in use')).toHaveCount(2);
        idp.trust(await metadata());
        await step('Start using the new keys');
        await expect(keys.getByText('Old, decrypts only')).toHaveCount(1);
        await expect(keys.getByRole('button', { name: 'Retire the old keys' })).toBeVisible();
        await saveScreenshot(page, testInfo, 'sso-saml-keys');
        await page.setViewportSize({ width: 375, height: 740 });
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, 'sso-saml-keys-375');
        await page.setViewportSize({ width: 1280, height: 800 });

        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const member = await context.newPage();
        await member.goto(at('/signin'));
        await member.getByRole('button', { name: 'Sign in with Campus Shibboleth' }).click();
        await expect(member).toHaveURL((url) => url.origin === idp.origin);
        await member.getByLabel('Email').fill(`grace@${CAMPUS}`);
        await member.getByRole('button', { name: 'Sign in' }).click();
        await member.getByRole('button', { name: 'Continue' }).click();
        await expect(member).toHaveURL(`${APP}/dashboard?tenant=${DOMAIN}`);
        await expect(
          member.getByRole('button', { name: 'Account menu for Grace Hopper' }),
        ).toBeVisible();
        await saveScreenshot(member, testInfo, 'sso-saml-signed-in');
        await context.close();
        await removeCampus(page);
      } finally {
        await idp.close();
      }
    });
  });
});
