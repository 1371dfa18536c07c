import { expect, test } from '@playwright/test';
import { ask } from './helpers';

/** Anonymous conversations belong to the browser (its cookie), not to the tab they started in. */

test('an anonymous customer who asked for a person finds the conversation again in a new tab', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/chat');
  const question = `Can I pay my bills by standing order? (${Date.now()})`;
  await ask(first, question);
  await first.getByTestId('chat-handoff-open').click();
  await first.getByTestId('chat-handoff-reason-customer_request').click();
  await first.getByTestId('chat-handoff-email').fill('visitor@example.com');
  await first.getByTestId('chat-handoff-submit').click();
  await expect(first.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

  // A new tab has its own sessionStorage: the conversation comes from the server.
  const second = await context.newPage();
  await second.goto('/chat');
  await expect(second.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText(question);
  await expect(second.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

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
  await stranger.close();
  await context.close();
});

test('a hand-off with a malformed email is refused with a clear error and nothing is opened', async ({ page }) => {
  await page.goto('/chat');
  const response = await page.request.post('/api/chat/handoff', {
    data: { conversationId: crypto.randomUUID(), reason: 'customer_request', email: 'not-an-email' },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).error.message).toMatch(/email/);
});
