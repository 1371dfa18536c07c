import { expect, test, type Browser, type Page } from '@playwright/test';
import { ask, DEMO, expectOnConsole, signIn } from './helpers';

/**
 * A conversation a support expert holds (the hand-off claimed in the console) is theirs: the bot
 * does not answer the customer's messages; each goes to the expert, and the customer is told so in
 * their language. An open hand-off (nobody on it yet) leaves the bot answering, and so does a
 * closed one. The expert's hand-off page shows the customer's new messages without a reload.
 */

const stamp = Date.now();

/** Asks for a person; the note carries the test's ticket, so the expert finds this one in the queue. */
async function requestPerson(page: Page, note: string) {
  await page.getByTestId('chat-handoff-open').click();
  await page.getByTestId('chat-handoff-reason-customer_request').click();
  await page.getByTestId('chat-handoff-note').fill(note);
  await page.getByTestId('chat-handoff-submit').click();
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');
}

/** Sofia, signed in to the console, claims the hand-off whose note carries `ticket` and lands on its page. */
async function expertClaims(browser: Browser, ticket: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.expert);
  await expectOnConsole(page, 'Sofia Keller');
  await page.goto('/admin/handoffs');
  const row = page.getByTestId('handoff-row').filter({ hasText: ticket });
  await expect(row).toHaveAttribute('data-status', 'open');
  await row.getByTestId('handoff-claim').click();
  await expect(page).toHaveURL(/\/admin\/handoffs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('handoff-status').first()).toHaveAttribute('data-status', 'claimed');
  return { context, page };
}

/** A bot answer from the help center (generated with citations, or an expert's golden answer). */
const ANSWERED = /^(answered|golden)$/;

const consoleMessages = (page: Page, role: 'user' | 'assistant' | 'agent') => page.locator(`[data-testid="console-message"][data-role="${role}"]`);

test('while an expert holds the conversation the bot does not answer: the message goes to the expert; once closed the bot answers again', async ({ browser }) => {
  test.setTimeout(150_000);
  const ticket = `Ticket ${stamp}-held`;
  const question = 'Wie starte ich meine Box 5 neu?';

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/chat');
  await expect(await ask(customer, question)).toHaveAttribute('data-outcome', ANSWERED);
  await requestPerson(customer, ticket);

  // Asked for a person, but nobody has taken it yet: the bot still helps.
  const whileOpen = await ask(customer, 'Und wie setze ich die Box 5 auf die Werkseinstellungen zurück?');
  await expect(whileOpen).toHaveAttribute('data-outcome', ANSWERED);

  const { context: expertContext, page: expert } = await expertClaims(browser, ticket);

  // Sofia holds it: the customer's message goes to her, and the customer is told so, in German.
  const toExpert = `Ich habe sie schon zweimal neu gestartet, das Internet geht immer noch nicht (${stamp}).`;
  const relayed = await ask(customer, toExpert);
  await expect(relayed).toHaveAttribute('data-outcome', 'relayed');
  await expect(relayed).toHaveText(/Ihre Nachricht wurde an Sofia aus unserem Support-Team weitergeleitet\. Die Antwort erscheint hier\./);
  await expect(relayed.getByTestId('chat-citation')).toHaveCount(0);
  await expect(relayed.getByTestId('chat-feedback')).toHaveCount(0);
  await expect(relayed.getByTestId('chat-handoff-offer')).toHaveCount(0);

  // The console shows the message to Sofia, and what the customer was told.
  await expert.reload();
  await expect(consoleMessages(expert, 'user').last()).toContainText(toExpert);
  await expect(consoleMessages(expert, 'assistant').last()).toHaveAttribute('data-outcome', 'relayed');

  // Sofia answers in the chat; the customer's chat picks it up.
  const reply = `Hallo, hier ist Sofia (${stamp}). Bitte ziehen Sie das Glasfaserkabel kurz aus und wieder ein.`;
  await expert.getByTestId('handoff-reply-input').fill(reply);
  await expert.getByTestId('handoff-reply-submit').click();
  await expect(expert.getByTestId('handoff-reply-status')).toContainText('Sent');
  await expect(customer.locator('[data-testid="chat-message"][data-outcome="agent"]').last()).toContainText(reply, { timeout: 25_000 });

  // Closed: the conversation is the bot's again.
  await expert.getByTestId('handoff-close-outcome-resolved').check();
  await expert.getByTestId('handoff-close-note').fill(`Fibre cable re-plugged ${stamp}`);
  await expert.getByTestId('handoff-close-submit').click();
  await expect(expert.getByTestId('handoff-outcome')).toContainText(`Resolved: Fibre cable re-plugged ${stamp}`);
  await expect(customer.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'closed', { timeout: 25_000 });
  const after = await ask(customer, question);
  await expect(after).toHaveAttribute('data-outcome', ANSWERED);

  await Promise.all([customerContext.close(), expertContext.close()]);
});

test("the expert's hand-off page shows the customer's new message without a reload", async ({ browser }) => {
  test.setTimeout(120_000);
  const ticket = `Ticket ${stamp}-live`;
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/chat');
  await ask(customer, 'How do I restart my Box 5?');
  await requestPerson(customer, ticket);

  const { context: expertContext, page: expert } = await expertClaims(browser, ticket);
  await expect(consoleMessages(expert, 'user')).toHaveCount(1);

  const toExpert = `The lights are still red after the restart (${stamp}).`;
  await ask(customer, toExpert);
  // No reload: the page keeps itself current while the hand-off is not closed.
  await expect(consoleMessages(expert, 'user').last()).toContainText(toExpert, { timeout: 20_000 });
  await expect(consoleMessages(expert, 'assistant').last()).toHaveAttribute('data-outcome', 'relayed');
  // What the expert is typing survives the refreshes.
  await expert.getByTestId('handoff-reply-input').fill('Typing a reply…');
  const second = `Should I try another socket? (${stamp})`;
  await ask(customer, second);
  await expect(consoleMessages(expert, 'user').last()).toContainText(second, { timeout: 20_000 });
  await expect(expert.getByTestId('handoff-reply-input')).toHaveValue('Typing a reply…');

  await Promise.all([customerContext.close(), expertContext.close()]);
});
