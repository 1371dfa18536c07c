import { expect, test } from '@playwright/test';
import { askNext, DEMO, signIn } from './helpers';

/**
 * Account actions in the chat, signed in as a demo customer, on the built-in model. The demo data
 * (content/seed/customers.json) is seeded relative to today: Anna has a roaming charge on her
 * latest invoice, Wave Home 500 and Wave Mobile M, and a technician visit in five days whose next
 * slot is taken by another customer.
 */

test.describe.configure({ mode: 'serial' });


/** The calendar day in Zurich `days` from now, as { y, m, d, weekday } (weekday 0 = Sunday). */
function zurichDay(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), weekday };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The slot right after Anna's visit, which the seed gives to another customer. */
function takenSlotRequest(): string {
  let offset = 5;
  if (zurichDay(offset).weekday === 0) offset += 1;
  const visit = zurichDay(offset);
  // Weekdays have three windows (08, 12, 16): the next one is 12:00 the same day. Saturday has
  // one (08–13): the next is Monday 08:00.
  const next = visit.weekday === 6 ? { ...zurichDay(offset + 2), hour: 8 } : { ...visit, hour: 12 };
  return `Please move my technician appointment to ${next.d} ${MONTHS[next.m - 1]} ${next.y} at ${next.hour}:00`;
}

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.titlePath.includes('anonymous visitors')) return;
  await signIn(page, DEMO.customer, undefined, '/login?callbackUrl=/chat');
  await page.waitForURL((url) => url.pathname === '/chat');
});

test('asking for the bill gives the right amounts from the account', async ({ page }) => {
  const answer = await askNext(page, 'Why is my last bill so high?');
  await expect(answer).toHaveAttribute('data-outcome', 'account');
  // The roaming lines seeded on Anna's latest invoice.
  await expect(answer).toContainText('18.00');
  await expect(answer).toContainText('6.30');
});

test('a German request works too', async ({ page }) => {
  const answer = await askNext(page, 'Zeig mir bitte meine letzte Rechnung');
  await expect(answer).toHaveAttribute('data-outcome', 'account');
  await expect(answer).toContainText('CHF');
  await expect(answer).toHaveAttribute('lang', 'de');
});

test('change plan: approval card → approve → the plan is changed and the answer says so', async ({ page }) => {
  const proposal = await askNext(page, 'Please change my internet plan to Wave Home 1000');
  await expect(proposal).toHaveAttribute('data-outcome', 'approval');
  const card = proposal.getByTestId('chat-approval');
  await expect(card).toContainText('Wave Home 1000');
  // Two quick clicks: one request, one execution.
  await card.getByTestId('chat-approve').dblclick();
  await expect(card.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'executed');
  const report = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(report).toContainText('Wave Home 1000');
  const overview = await askNext(page, 'Show me my account overview');
  await expect(overview).toContainText('Wave Home 1000');
});

test('change plan: decline → nothing changes', async ({ page }) => {
  const proposal = await askNext(page, 'Switch my mobile plan to Wave Mobile L');
  const card = proposal.getByTestId('chat-approval');
  await expect(card).toContainText('Wave Mobile L');
  await card.getByTestId('chat-decline').click();
  await expect(card.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'declined');
  const overview = await askNext(page, 'Show me my account overview');
  await expect(overview).toContainText('Wave Mobile M');
  await expect(overview).not.toContainText('Wave Mobile L');
});

test('terms that changed after the card was shown are not executed: the chat shows a new card with the current terms', async ({ page }) => {
  // Card A: the phone number changes from the current one to …11 22 33.
  const first = await askNext(page, 'Please change my phone number to +41 79 111 22 33');
  await expect(first).toHaveAttribute('data-outcome', 'approval');
  const stale = first.getByTestId('chat-approval');
  // Card B, approved first: the number becomes …444 55 66, so card A's "before" is no longer true.
  const second = await askNext(page, 'Please change my phone number to +41 79 444 55 66');
  const other = second.getByTestId('chat-approval');
  await other.getByTestId('chat-approve').click();
  await expect(other.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'executed');

  await stale.getByTestId('chat-approve').click();
  await expect(stale.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'superseded');
  await expect(stale.getByTestId('chat-approval-status')).toHaveText('Replaced by new terms');
  const refreshed = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(refreshed).toContainText('The terms changed');
  // Pinned by id: the report that follows the approval becomes the last message.
  const freshId = (await refreshed.getByTestId('chat-approval').getAttribute('data-approval-id'))!;
  const card = page.locator(`[data-testid="chat-approval"][data-approval-id="${freshId}"]`);
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card).toContainText('444 55 66');
  await expect(card).toContainText('111 22 33');
  await card.getByTestId('chat-approve').click();
  await expect(card.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'executed');
});

test('rescheduling into a taken slot is refused clearly, with alternatives', async ({ page }) => {
  const answer = await askNext(page, takenSlotRequest());
  await expect(answer).toHaveAttribute('data-outcome', 'refused');
  await expect(answer.getByTestId('chat-approval')).toHaveCount(0);
  await expect(answer).toContainText(/\d{2}:\d{2}/);
});

test('another customer cannot decide on Anna’s approval, and anonymous visitors cannot decide at all', async ({ page, browser, playwright, baseURL }) => {
  const proposal = await askNext(page, 'Please restart my modem');
  const card = proposal.getByTestId('chat-approval');
  const approvalId = (await card.getAttribute('data-approval-id'))!;
  expect(approvalId).toMatch(/^[0-9a-f-]{36}$/);

  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.post(`/api/chat/approvals/${approvalId}`, { data: { decision: 'approve' } })).status()).toBe(401);
  await anonymous.dispose();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'claire.dubois@example.ch', undefined, '/login?callbackUrl=/chat');
  await otherPage.waitForURL((url) => url.pathname === '/chat');
  // From inside Claire's signed-in page, as a crafted request would come.
  const forged = await otherPage.evaluate(
    (id) => fetch(`/api/chat/approvals/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'approve' }) }).then((r) => r.status),
    approvalId,
  );
  expect(forged).toBe(404);
  await other.close();

  // Still pending for Anna; her decision works, and a replay gets the decided state (409).
  await expect(card.getByTestId('chat-approve')).toBeEnabled();
  await card.getByTestId('chat-decline').click();
  await expect(card.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'declined');
  const replay = await page.evaluate(
    (id) =>
      fetch(`/api/chat/approvals/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'approve' }) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),
    approvalId,
  );
  expect(replay.status).toBe(409);
  expect(replay.body.card.status).toBe('declined');
});

test.describe('anonymous visitors', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('are invited to sign in and come back to the same conversation', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/chat');
    const invitation = await askNext(page, 'Show me my bill please');
    await expect(invitation).toHaveAttribute('data-outcome', 'sign_in');
    await invitation.getByRole('link', { name: /sign in/i }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password').fill('lantern-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/chat');
    // The conversation from before signing in is still there…
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText('Show me my bill please');
    // …and now the same request reaches the account.
    const answer = await askNext(page, 'Show me my bill please');
    await expect(answer).toHaveAttribute('data-outcome', 'account');
    await expect(answer).toContainText('CHF');
    await context.close();
  });
});
