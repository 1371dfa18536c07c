import { expect, test, type Browser, type Page } from '@playwright/test';
import { ask, DEMO, expectOnConsole, signIn } from './helpers';

/**
 * Anonymous conversations belong to the browser (its visitor cookie), not to the tab they
 * started in: a customer told to come back later finds the conversation again in a new tab. The
 * hand-off form takes an optional email for the reply, which the expert sees in the console.
 */

const stamp = Date.now();

async function requestPerson(page: Page, email?: string) {
  await page.getByTestId('chat-handoff-open').click();
  await page.getByTestId('chat-handoff-reason-customer_request').click();
  if (email !== undefined) await page.getByTestId('chat-handoff-email').fill(email);
  await page.getByTestId('chat-handoff-submit').click();
}

async function expert(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.expert);
  await expectOnConsole(page, 'Sofia Keller');
  return { context, page };
}

test('an anonymous customer who asked for a person finds the conversation again in a new tab', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/chat');
  const question = `Can I pay my bills by standing order? (${stamp})`;
  await ask(first, question);
  await requestPerson(first);
  await expect(first.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

  // A new tab has its own sessionStorage: the conversation comes from the server, by the cookie.
  const second = await context.newPage();
  await second.goto('/chat');
  await expect(second.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText(question);
  await expect(second.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');
  // The chat launcher on any page of the site opens the same conversation.
  const third = await context.newPage();
  await third.goto('/');
  await third.getByTestId('chat-launcher').click();
  await expect(third.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText(question);

  // "New chat" starts afresh, and a reload keeps the new one.
  await second.getByTestId('chat-new').click();
  await expect(second.locator('[data-testid="chat-message"]')).toHaveCount(0);
  await second.reload();
  await expect(second.getByTestId('chat-input')).toBeVisible();
  await expect(second.locator('[data-testid="chat-message"]')).toHaveCount(0);

  // Another browser (no cookie) never sees it.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto('/chat');
  await expect(other.getByTestId('chat-input')).toBeVisible();
  await expect(other.locator('[data-testid="chat-message"]')).toHaveCount(0);
  await Promise.all([stranger.close(), context.close()]);
});

test('an anonymous customer leaves an email for the reply; a malformed one is refused clearly; the expert sees it', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/chat');
  const question = `Why is my bill higher this month? Ticket ${stamp}`;
  const email = `visitor-${stamp}@example.com`;
  await ask(page, question);

  // A malformed address: the form says so in the customer's words and sends nothing.
  await requestPerson(page, 'visitor-at-example');
  await expect(page.getByTestId('chat-handoff-email-error')).toHaveText('This is not an email address. Correct it, or leave the field empty.');
  await expect(page.getByTestId('chat-handoff-status')).toHaveCount(0);
  // The API refuses it as well, naming the field.
  const refused = await page.request.post('/api/chat/handoff', { data: { conversationId: crypto.randomUUID(), reason: 'customer_request', email: 'not-an-email' } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toMatch(/email/);

  await page.getByTestId('chat-handoff-email').fill(email);
  await page.getByTestId('chat-handoff-submit').click();
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

  const staff = await expert(browser);
  await staff.page.goto('/admin/handoffs');
  const row = staff.page.getByTestId('handoff-row').filter({ hasText: `Ticket ${stamp}` });
  await expect(row.getByTestId('handoff-contact-email')).toHaveText(`reply to ${email}`);
  await row.getByTestId('handoff-link').click();
  await expect(staff.page.getByTestId('handoff-customer')).toHaveText(`anonymous · reply to ${email}`);
  await Promise.all([staff.context.close(), context.close()]);
});

test('a signed-in customer is not asked for an email (the reply reaches their account)', async ({ page }) => {
  await signIn(page, DEMO.customer, undefined, '/login?callbackUrl=/chat');
  await page.waitForURL((url) => url.pathname === '/chat');
  await page.getByTestId('chat-handoff-open').click();
  await expect(page.getByTestId('chat-handoff-note')).toBeVisible();
  await expect(page.getByTestId('chat-handoff-email')).toHaveCount(0);
});
