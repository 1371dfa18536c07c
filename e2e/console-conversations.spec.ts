import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { ask, DEMO, expectOnConsole, signIn } from './helpers';

/**
 * The console's conversations and hand-offs, as the people use them: a customer asks for a
 * person and an expert answers in their chat; an expert reviews and promotes an answer that the
 * chat then gives verbatim; an analyst reads but cannot change anything, not even by posting to
 * the server actions directly. Texts carry a unique stamp, so reruns on one database do not collide.
 */

test.describe.configure({ mode: 'serial' });

type RecordedAction = { url: string; headers: Record<string, string>; body: string };

/** Server action calls (POST with a Next-Action header) the page makes, to replay them as someone else. */
function recordServerActions(page: Page): RecordedAction[] {
  const recorded: RecordedAction[] = [];
  page.on('request', (request: Request) => {
    const headers = request.headers();
    if (request.method() !== 'POST' || !headers['next-action']) return;
    const keep = ['next-action', 'next-router-state-tree', 'content-type', 'accept'];
    recorded.push({
      url: request.url(),
      headers: Object.fromEntries(Object.entries(headers).filter(([k]) => keep.includes(k))),
      body: request.postDataBuffer()?.toString('utf8') ?? '',
    });
  });
  return recorded;
}

/** Posts a recorded server action from this page (its cookies, its origin), as a script could. */
async function replay(page: Page, action: RecordedAction, body: string) {
  return page.evaluate(
    async ({ url, headers, body }) => {
      const response = await fetch(url, { method: 'POST', headers, body });
      return { status: response.status, text: await response.text() };
    },
    { url: action.url, headers: action.headers, body },
  );
}

async function staff(browser: Browser, email: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await expectOnConsole(page, name);
  return { context, page };
}

const stamp = Date.now();
const code = stamp.toString(36);
let claimAction: RecordedAction | undefined;
let reviewAction: RecordedAction | undefined;
let reviewedConversationId: string | undefined;

test('a customer asks for a person; an expert claims, replies in their chat and closes it', async ({ browser }) => {
  test.setTimeout(150_000);
  const question = `Can I pay my bills by standing order? Ticket ${stamp}`;
  const reply = `Hello, this is Sofia from support (${stamp}). Yes: a standing order works, use the QR bill reference.`;

  // The customer, anonymous, in their own browser.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/chat');
  await ask(customer, question);
  await customer.getByTestId('chat-handoff-open').click();
  await customer.getByTestId('chat-handoff-reason-customer_request').click();
  await customer.getByTestId('chat-handoff-submit').click();
  await expect(customer.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

  // A second expert (the admin) has the queue open too, and will be too late.
  const late = await staff(browser, DEMO.admin, 'Alex Admin');
  await late.page.goto('/admin/handoffs');
  const lateRow = late.page.getByTestId('handoff-row').filter({ hasText: `Ticket ${stamp}` });
  await expect(lateRow.getByTestId('handoff-claim')).toBeVisible();

  const { context: expertContext, page: expert } = await staff(browser, DEMO.expert, 'Sofia Keller');
  const actions = recordServerActions(expert);
  await expert.getByRole('link', { name: 'Hand-offs' }).click();
  await expect(expert).toHaveURL(/\/admin\/handoffs$/);
  const row = expert.getByTestId('handoff-row').filter({ hasText: `Ticket ${stamp}` });
  await expect(row).toHaveAttribute('data-status', 'open');
  await expect(row).toContainText('anonymous');
  await expect(row).toContainText('Customer asked for a person');
  await expect(row).toContainText('English');
  await row.getByTestId('handoff-claim').click();
  await expect(expert).toHaveURL(/\/admin\/handoffs\/[0-9a-f-]{36}$/);
  await expect(expert.getByTestId('handoff-status').first()).toHaveAttribute('data-status', 'claimed');
  claimAction = actions.find((a) => a.body.includes('handoffId'));
  expect(claimAction).toBeDefined();

  // Too late: the admin is told who has it.
  await lateRow.getByTestId('handoff-claim').click();
  await expect(lateRow.getByTestId('handoff-claim-status')).toHaveText('Already claimed by Sofia Keller.');

  // The expert sees the conversation and replies.
  await expect(expert.getByTestId('console-message').first()).toContainText(question);
  await expert.getByTestId('handoff-reply-input').fill(reply);
  await expert.getByTestId('handoff-reply-submit').click();
  await expect(expert.getByTestId('handoff-reply-status')).toContainText('Sent');
  await expect(expert.locator('[data-testid="console-message"][data-role="agent"]').last()).toContainText(reply);

  // The customer's chat polls while the hand-off is open: the reply shows up within 20 s.
  const agentMessage = customer.locator('[data-testid="chat-message"][data-outcome="agent"]').last();
  await expect(agentMessage).toContainText(reply, { timeout: 25_000 });
  await expect(customer.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'claimed');

  // While Sofia holds the conversation the bot stays out of it: the customer's next message goes
  // to her, and the customer is told so instead of getting a bot answer.
  const followUp = `And how do I restart my Box 5? (${stamp})`;
  const relayed = await ask(customer, followUp);
  await expect(relayed).toHaveAttribute('data-outcome', 'relayed');
  await expect(relayed).toContainText('Your message was passed to Sofia');
  await expect(relayed.getByTestId('chat-citation')).toHaveCount(0);
  await expert.reload();
  await expect(expert.locator('[data-testid="console-message"][data-role="user"]').last()).toContainText(followUp);

  // Closing needs a note for "Other"; then it closes, and the customer sees it closed.
  await expert.getByTestId('handoff-close-outcome-other').check();
  await expert.getByTestId('handoff-close-submit').click();
  await expect(expert.getByTestId('handoff-close-status')).toContainText('note is required');
  await expert.getByTestId('handoff-close-outcome-resolved').check();
  await expert.getByTestId('handoff-close-note').fill(`Explained standing orders ${stamp}`);
  await expert.getByTestId('handoff-close-submit').click();
  await expect(expert.getByTestId('handoff-outcome')).toContainText(`Resolved: Explained standing orders ${stamp}`);
  await expect(customer.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'closed', { timeout: 25_000 });

  // It leaves the queue for the closed tab.
  await expert.getByRole('link', { name: 'Hand-offs', exact: true }).first().click();
  await expect(expert).toHaveURL(/\/admin\/handoffs$/);
  await expect(expert.getByTestId('handoff-row').filter({ hasText: `Ticket ${stamp}` })).toHaveCount(0);
  await expert.getByTestId('handoff-tab-closed').click();
  const closedRow = expert.getByTestId('handoff-row').filter({ hasText: `Ticket ${stamp}` });
  await expect(closedRow).toContainText('Sofia Keller');
  await expect(closedRow).toContainText(`Explained standing orders ${stamp}`);

  await Promise.all([customerContext.close(), expertContext.close(), late.context.close()]);
});

test('an expert finds a conversation, endorses an answer and promotes it to a golden answer the chat then uses', async ({ browser }) => {
  test.setTimeout(120_000);
  const question = `Does the loyalty bonus ${code} apply to family plans?`;
  const golden = `Yes (${code}): the loyalty bonus applies to every plan in a family bundle, from the second year on.`;

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/chat');
  const first = await ask(customer, question);
  await expect(first).not.toContainText(golden);
  await customerContext.close();

  const { context, page: expert } = await staff(browser, DEMO.expert, 'Sofia Keller');
  const actions = recordServerActions(expert);
  await expert.goto('/admin/conversations');
  await expect(expert.getByTestId('conversation-table')).toBeVisible();
  await expert.getByLabel('Search the first question').fill(code);
  await expert.getByTestId('conversation-filters-apply').click();
  await expect(expert).toHaveURL(new RegExp(`q=${code}`));
  const rows = expert.getByTestId('conversation-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(question);
  await expect(rows.first()).toContainText('English');
  await rows.first().getByTestId('conversation-link').click();
  await expect(expert).toHaveURL(/\/admin\/conversations\/[0-9a-f-]{36}$/);
  reviewedConversationId = expert.url().split('/').pop();

  const answer = expert.locator('[data-testid="console-message"][data-role="assistant"]').first();
  // The trace is there, folded.
  await answer.getByTestId('trace-panel').locator('summary').click();
  await expect(answer.getByTestId('trace-panel')).toContainText('Route');
  await expect(answer.getByTestId('trace-panel')).toContainText('Total time');
  // Where the answer's time went: the search is always one of its stages.
  await expect(answer.getByTestId('trace-stages')).toContainText(/search SQL \d+\.\d ms/);

  // Endorse, with a comment.
  await answer.getByTestId('review-comment').fill(`Good answer ${stamp}`);
  await answer.getByTestId('review-endorse').click();
  await expect(answer.getByTestId('review-status')).toHaveText('Answer endorsed.');
  await expect(answer.getByTestId('console-review')).toHaveAttribute('data-verdict', 'endorsed');
  await expect(answer.getByTestId('console-review')).toContainText(`Good answer ${stamp}`);
  reviewAction = actions.find((a) => a.body.includes('endorsed'));
  expect(reviewAction).toBeDefined();

  // Promote: the form comes prefilled with the question; the expert writes the corrected answer.
  await answer.getByTestId('promote-open').click();
  await expect(answer.getByTestId('promote-question')).toHaveValue(question);
  await expect(answer.getByTestId('promote-lang')).toHaveValue('en');
  await answer.getByTestId('promote-answer').fill(golden);
  await answer.getByTestId('promote-submit').click();
  await expect(answer.getByTestId('promote-status')).toContainText('created');

  // The endorsement filter finds it.
  await expert.goto(`/admin/conversations?endorsement=expert&q=${code}`);
  await expect(expert.getByTestId('conversation-row')).toHaveCount(1);
  await context.close();

  // A new customer asking the same question now gets the expert's answer verbatim.
  const nextContext = await browser.newContext();
  const next = await nextContext.newPage();
  await next.goto('/chat');
  const again = await ask(next, question);
  await expect(again).toHaveAttribute('data-outcome', 'golden');
  await expect(again).toContainText(golden);
  await nextContext.close();
});

test('an analyst reads conversations but has no review or claim controls, and the server refuses direct posts', async ({ browser, playwright, baseURL }) => {
  test.skip(!reviewAction || !claimAction || !reviewedConversationId, 'needs the actions recorded by the tests above');
  const { context, page: analyst } = await staff(browser, DEMO.analyst, 'Marco Bianchi');
  await expect(analyst.getByRole('link', { name: 'Conversations' })).toBeVisible();
  await expect(analyst.getByRole('link', { name: 'Hand-offs' })).toHaveCount(0);

  // The first customer's conversation and the one that got the golden answer.
  await analyst.goto(`/admin/conversations?q=${code}`);
  await expect(analyst.getByTestId('conversation-row')).toHaveCount(2);
  await expect(analyst.getByTestId('conversation-row').first().getByText('golden', { exact: true })).toBeVisible();
  await analyst.locator(`[data-testid="conversation-row"][data-id="${reviewedConversationId}"]`).getByTestId('conversation-link').click();
  await expect(analyst).toHaveURL(new RegExp(`/admin/conversations/${reviewedConversationId}$`));
  const answer = analyst.locator('[data-testid="console-message"][data-role="assistant"]').first();
  await expect(answer.getByTestId('console-review')).toHaveAttribute('data-verdict', 'endorsed');
  await expect(answer.getByTestId('trace-panel')).toBeVisible();
  await expect(analyst.getByTestId('read-only-note')).toBeVisible();
  await expect(analyst.getByTestId('review-form')).toHaveCount(0);
  await expect(analyst.getByTestId('promote')).toHaveCount(0);

  // The hand-off pages are not theirs.
  const queue = await analyst.goto('/admin/handoffs');
  expect(queue?.status()).toBe(403);
  await expect(analyst.getByTestId('handoff-claim')).toHaveCount(0);

  // Posting the expert's review action as the analyst (turned into a flag): refused, nothing changes.
  await analyst.goto(`/admin/conversations/${reviewedConversationId}`);
  const flagged = reviewAction!.body.replace(/\r\n\r\nendorsed\r\n/, '\r\n\r\nflagged\r\n').replace(`Good answer ${stamp}`, `Analyst was here ${stamp}`);
  expect(flagged).toContain('flagged');
  const refusedReview = await replay(analyst, reviewAction!, flagged);
  expect(refusedReview.text).toContain('You do not have permission to do that.');
  await analyst.reload();
  await expect(answer.getByTestId('console-review')).toHaveAttribute('data-verdict', 'endorsed');
  await expect(answer.getByTestId('console-review')).toContainText(`Good answer ${stamp}`);

  // Claiming a fresh hand-off by posting the claim action: refused, the hand-off stays open.
  const visitor = await playwright.request.newContext({ baseURL });
  const conversationId = crypto.randomUUID();
  const opened = await visitor.post('/api/chat/handoff', { data: { conversationId, reason: 'customer_request', note: `Analyst test ${stamp}` } });
  expect(opened.status()).toBe(201);
  const handoffId: string = (await opened.json()).handoff.id;
  const oldId = /name="[^"]*handoffId"\r\n\r\n([0-9a-f-]{36})/.exec(claimAction!.body)?.[1];
  expect(oldId).toBeDefined();
  const refusedClaim = await replay(analyst, claimAction!, claimAction!.body.replaceAll(oldId!, handoffId));
  expect(refusedClaim.text).toContain('You do not have permission to do that.');
  const after = await visitor.get(`/api/chat/conversations/${conversationId}`);
  expect((await after.json()).handoff).toMatchObject({ id: handoffId, status: 'open' });
  await visitor.dispose();
  await context.close();
});
