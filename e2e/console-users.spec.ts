import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * User management in the console: an admin invites an expert with a one-time link, the expert
 * sets a password from it and signs in; disabling them ends their session at once; the last
 * admin cannot be demoted; every change is in the audit list.
 */
test('invite → set a password from the link → sign in; disable ends the session; the last admin stays', async ({ browser }) => {
  test.setTimeout(90_000);
  const email = `expert-${Date.now()}@alpenwave.example`;
  const password = 'a-long-enough-password';

  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin);
  await admin.waitForURL(/\/admin$/);
  await admin.getByRole('link', { name: 'Users' }).click();
  await admin.waitForURL(/\/admin\/users$/);

  const invite = admin.getByTestId('invite-form');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Name').fill('Eva Expert');
  await invite.getByLabel('Role').selectOption('expert');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = (await invite.getByTestId('user-link').textContent())!;
  expect(link).toMatch(/\/set-password\/[\w-]{43}$/);
  const row = admin.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row).toContainText('Invited');

  // The expert, in their own browser: sets the password from the link and signs in.
  const expertContext = await browser.newContext();
  const expert = await expertContext.newPage();
  await expert.goto(link);
  await expect(expert.getByText('Welcome, Eva Expert')).toBeVisible();
  await expert.getByLabel('New password').fill(password);
  await expert.getByLabel('Repeat it').fill(password);
  await expert.getByRole('button', { name: 'Set password' }).click();
  await expert.getByRole('link', { name: 'Sign in' }).click();
  await expert.getByLabel('Email').fill(email);
  await expert.getByLabel('Password').fill(password);
  await expert.getByRole('button', { name: 'Sign in' }).click();
  await expert.waitForURL(/\/admin$/);
  await expect(expert.getByRole('heading', { name: 'Welcome, Eva Expert' })).toBeVisible();
  // The link worked once.
  await expert.goto(link);
  await expect(expert.getByText('This link does not work')).toBeVisible();

  // The admin disables the expert: the expert's next request is no session.
  await admin.reload();
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await expert.goto('/admin/golden');
  await expect(expert).toHaveURL(/\/login/);

  // The only admin cannot step down.
  const me = admin.locator(`[data-testid="user-row"][data-email="${DEMO.admin}"]`);
  await me.getByLabel(`Role of ${DEMO.admin}`).selectOption('expert');
  await me.getByRole('button', { name: 'Change role' }).click();
  await expect(me.getByTestId('user-action-error')).toContainText('last active admin');
  await admin.reload();
  await expect(me.getByLabel(`Role of ${DEMO.admin}`)).toHaveValue('admin');

  await expect(admin.getByTestId('staff-audit')).toContainText(`${DEMO.admin} invited ${email} as expert`);
  await expect(admin.getByTestId('staff-audit')).toContainText(`${email} set a password: ${email} from the invite link`);
  await expect(admin.getByTestId('staff-audit')).toContainText(`${DEMO.admin} disabled ${email}`);
  await expertContext.close();
  await admin.close();
});

test('experts cannot open user management', async ({ page }) => {
  await signIn(page, DEMO.expert);
  await page.waitForURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  const response = await page.goto('/admin/users');
  expect(response?.status()).toBe(403);
});
