import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectOnConsole, signIn } from './helpers';

test.describe('the /admin gate', () => {
  test('an anonymous visitor is sent to sign-in and comes back after it', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin/);
    await page.getByLabel('Email').fill(DEMO.expert);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectOnConsole(page, 'Sofia Keller');
  });

  for (const [role, email, name] of [
    ['expert', DEMO.expert, 'Sofia Keller'],
    ['analyst', DEMO.analyst, 'Marco Bianchi'],
    ['admin', DEMO.admin, 'Alex Admin'],
  ] as const) {
    test(`a demo ${role} signs in and lands in the console`, async ({ page }) => {
      await signIn(page, email);
      await expectOnConsole(page, name);
      await expect(page.getByText(role, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId('database-kind')).toContainText('PGlite');
    });
  }

  test('a customer lands on the help site and is refused the console', async ({ page }) => {
    await signIn(page, DEMO.customer);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account: Anna Meier/ })).toBeVisible();

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?.*error=forbidden/);
    await expect(page.getByText('Your account cannot open the admin console')).toBeVisible();

    const api = await page.request.get('/api/admin/users');
    expect(api.status()).toBe(403);
    expect((await api.json()).error.code).toBe('forbidden');
  });

  test('anonymous API calls get a JSON 401', async ({ request }) => {
    const response = await request.get('/api/admin/users');
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  test('the handler checks permissions again: an expert may not list users, an admin may', async ({ page }) => {
    await signIn(page, DEMO.expert);
    await expectOnConsole(page, 'Sofia Keller');
    const asExpert = await page.request.get('/api/admin/users');
    expect(asExpert.status()).toBe(403);
    expect((await asExpert.json()).error.message).toContain('users:manage');

    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await expectOnConsole(page, 'Alex Admin');
    const asAdmin = await page.request.get('/api/admin/users?pageSize=100');
    expect(asAdmin.status()).toBe(200);
    const body = await asAdmin.json();
    expect(body.users.map((u: { email: string }) => u.email)).toContain(DEMO.customer);
    expect(JSON.stringify(body)).not.toContain('password');

    const bad = await page.request.get('/api/admin/users?pageSize=9999');
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.code).toBe('bad_request');
  });

  test('a forged session cookie is not a session', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'authjs.session-token', value: 'forged.token.value', url: baseURL! }]);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing out ends the session', async ({ page }) => {
    await signIn(page, DEMO.expert);
    await expectOnConsole(page, 'Sofia Keller');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('signing in', () => {
  test('a wrong password is refused with a clear message', async ({ page }) => {
    await signIn(page, DEMO.expert, 'not-the-password');
    await expect(page.locator('form [role=alert]')).toContainText('Wrong email or password.');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.expert);
  });
});

test('the sign-in page names the demo accounts’ roles in the reader’s language', async ({ browser }) => {
  for (const [locale, expert, customer] of [
    ['de-CH', 'Support-Team', 'Kundenkonto'],
    ['it-CH', 'team di supporto', 'conto cliente'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/login');
    const demo = page.locator('section[aria-labelledby="demo-title"]');
    await expect(demo.locator('[data-role="expert"]')).toHaveText(expert);
    await expect(demo.locator('[data-role="customer"]').first()).toHaveText(customer);
    await context.close();
  }
});
