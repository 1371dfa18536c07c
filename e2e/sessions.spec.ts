import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { DEMO, expectOnConsole, signIn } from './helpers';
import { signInApi } from './support/api';

/**
 * Sign-out ends the session on the server, not only in the browser: a copy of the session cookie
 * taken before signing out (a stolen one, say) is no session afterwards.
 */

async function sessionCookie(cookies: { name: string; value: string }[]) {
  const cookie = cookies.find((c) => c.name.endsWith('authjs.session-token'));
  if (!cookie) throw new Error(`no session cookie among ${cookies.map((c) => c.name).join(', ')}`);
  return cookie;
}

/** A client that replays only the copied cookie. */
async function replay(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string, cookie: { name: string; value: string }) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` } });
}

async function openAdminWith(browserContext: BrowserContext, baseURL: string, cookie: { name: string; value: string }) {
  await browserContext.addCookies([{ name: cookie.name, value: cookie.value, url: baseURL }]);
  const page = await browserContext.newPage();
  await page.goto('/admin');
  return page;
}

test('a customer signs out in the UI: the old session cookie gets 401 on a customer API', async ({ page, context, playwright, baseURL }) => {
  await signIn(page, DEMO.customer);
  const account = page.getByRole('button', { name: /Account: Anna Meier/ });
  await expect(account).toBeVisible();
  const copy = await replay(playwright, baseURL!, await sessionCookie(await context.cookies()));
  expect((await copy.get('/api/chat/conversations')).status()).toBe(200);

  await account.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  const after = await copy.get('/api/chat/conversations');
  expect(after.status()).toBe(401);
  expect((await after.json()).error.code).toBe('unauthenticated');
  await copy.dispose();
});

test('staff sign out in the console: the old cookie is sent to sign-in on /admin and gets 401 on the admin API', async ({ page, context, browser, playwright, baseURL }) => {
  await signIn(page, DEMO.admin);
  await expectOnConsole(page, 'Alex Admin');
  const cookie = await sessionCookie(await context.cookies());
  const copy = await replay(playwright, baseURL!, cookie);
  expect((await copy.get('/api/admin/users')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const api = await copy.get('/api/admin/users');
  expect(api.status()).toBe(401);
  expect((await api.json()).error.code).toBe('unauthenticated');
  const other = await browser.newContext();
  const stale = await openAdminWith(other, baseURL!, cookie);
  await expect(stale).toHaveURL(/\/login\?callbackUrl=%2Fadmin/);
  // Signed out everywhere: the help site shows the copy as signed out, too.
  await stale.goto('/');
  await expect(stale.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await other.close();
  await copy.dispose();
});

test('sign-out through the API (POST /api/auth/signout) ends the session too', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext();
  await signInApi(api, baseURL!, DEMO.expert);
  const copy = await replay(playwright, baseURL!, await sessionCookie((await api.storageState()).cookies));
  expect((await copy.get('/api/chat/conversations')).status()).toBe(200);

  const { csrfToken } = (await (await api.get(`${baseURL}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signOut = await api.post(`${baseURL}/api/auth/signout`, { form: { csrfToken }, maxRedirects: 0 });
  expect(signOut.status()).toBeLessThan(400);

  expect((await copy.get('/api/chat/conversations')).status()).toBe(401);
  // A fresh sign-in is a new, working session.
  await signInApi(api, baseURL!, DEMO.expert);
  expect((await api.get(`${baseURL}/api/chat/conversations`)).status()).toBe(200);
  await api.dispose();
  await copy.dispose();
});
