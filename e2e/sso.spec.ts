import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';
import { startOidcProvider } from './support/oidc-provider';
import { freePort, startInstance, type Instance } from './support/instances';

/**
 * Staff sign in with the company's identity provider: a real OpenID Connect provider started by
 * the test on loopback; Lantern configured with its issuer, client id and secret, groups mapped
 * to roles, a default role, and local passwords off for staff.
 */
test.describe.configure({ mode: 'serial' });

const CLIENT_ID = 'lantern-e2e';
const CLIENT_SECRET = 'e2e-oidc-client-secret-0123456789';

let app: Instance;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const appPort = await freePort();
  const idpPort = await freePort();
  idp = await startOidcProvider({
    port: idpPort,
    redirectUri: `http://localhost:${appPort}/api/auth/callback/oidc`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accounts: {
      olivia: { email: 'olivia.admin@alpenwave.example', name: 'Olivia Okafor', groups: ['staff', 'lantern-admins'] },
      noah: { email: 'noah.marketing@alpenwave.example', name: 'Noah Brun', groups: ['marketing'] },
    },
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-sso-'));
  app = await startInstance(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: 'auto',
      INGEST_ON_START: 'never',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: 'Alpenwave SSO',
      OIDC_SCOPE: 'openid email profile groups',
      OIDC_ROLE_MAP: 'lantern-admins=admin, lantern-support=expert',
      OIDC_DEFAULT_ROLE: 'analyst',
      STAFF_PASSWORD_LOGIN: 'off',
    },
    { readyTimeoutMs: 150_000, port: appPort },
  );
});

test.afterAll(async () => {
  await app?.stop();
  await idp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const base = () => `http://localhost:${app.port}`;

/** Sign-in page → the provider's login and consent pages → back in Lantern. */
async function signInWithProvider(page: Page, login: string) {
  await page.goto(`${base()}/login`);
  await page.getByTestId('sso-sign-in').click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  // Consent, the first time this account authorises the client.
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  await page.waitForURL((url) => url.origin === base() || /\/interaction\//.test(url.pathname));
  if (await consent.isVisible().catch(() => false)) await consent.click();
  await page.waitForURL((url) => url.origin === base() && url.pathname.startsWith('/admin'));
}

test('a staff member signs in through the identity provider and gets the role of their group', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await expect(async () => {
    await page.goto(`${base()}/login`);
    await expect(page.getByTestId('sso-sign-in')).toHaveText('Sign in with Alpenwave SSO');
  }).toPass();
  await signInWithProvider(page, 'olivia');
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia Okafor' })).toBeVisible();
  await expect(page.locator('header')).toContainText('admin');
  // An admin's console: user management is there, and lists the account made at sign-in.
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.locator('[data-testid="user-row"][data-email="olivia.admin@alpenwave.example"]')).toContainText('Active');
  await expect(page.getByTestId('staff-audit')).toContainText('identity provider invited olivia.admin@alpenwave.example as admin');
  await context.close();
});

test('a staff member without a mapped group gets the default role', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithProvider(page, 'noah');
  await expect(page.getByRole('heading', { name: 'Welcome, Noah Brun' })).toBeVisible();
  await expect(page.locator('header')).toContainText('analyst');
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
  await context.close();
});

test('with staff passwords off, a staff password is refused with a pointer to the provider; customers still use theirs', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base() });
  const page = await context.newPage();
  await signIn(page, DEMO.expert, DEMO_PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Support staff' })).toContainText('Support staff sign in with the company account');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, DEMO.customer, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await context.close();
});
