import { expect, test } from '@playwright/test';
import { ask, DEMO, signIn } from './helpers';

/** The chat on the built app with the built-in local model (no API key). */


const LANGUAGE_CASES = [
  { locale: 'en-GB', question: 'Can I get my bills in large print?', intro: /Here's what our article/ },
  { locale: 'de-CH', question: 'Warum ist meine erste Rechnung so hoch?', intro: /Das steht in unserem Artikel/ },
  { locale: 'fr-CH', question: "J'ai reçu un 2e rappel avec CHF 20 de frais, pourquoi?", intro: /Voici ce que dit notre article/ },
  { locale: 'it-CH', question: 'Come reimposto il PIN parentale della TV?', intro: /Ecco cosa dice il nostro articolo/ },
] as const;

for (const { locale, question, intro } of LANGUAGE_CASES) {
  test(`a ${locale} question gets a streamed, cited answer in ${locale.slice(0, 2)} that opens the article`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/chat');
    const answer = await ask(page, question);
    await expect(answer).toHaveAttribute('data-outcome', 'answered');
    await expect(answer).toContainText(intro);
    const citation = answer.getByTestId('chat-citation').first();
    await expect(citation).toBeVisible();
    const href = (await citation.getAttribute('href'))!;
    expect(href).toMatch(/^\/articles\/[^/]+/);
    const [articlePath] = href.split('#');
    await citation.click();
    await expect(page).toHaveURL(new RegExp(`${articlePath!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(page.locator('article h1, main h1').first()).toBeVisible();
    await context.close();
  });
}

test('a golden question gets the expert answer verbatim, and a follow-up is answered in context', async ({ page }) => {
  await page.goto('/chat');
  const golden = await ask(page, 'How do I restart my Box 5?');
  await expect(golden).toHaveAttribute('data-outcome', 'golden');
  await expect(golden).toContainText('The easiest way is the My Alpenwave app: Home > Restart Box.');
  const followUp = await ask(page, 'and on the box 3?');
  await expect(followUp).toHaveAttribute('data-outcome', 'answered');
  await expect(followUp.getByTestId('chat-citation').first()).toContainText(/Box 3/);
});

test('an unanswerable question gets the no-answer reply with the hand-off offer', async ({ page }) => {
  await page.goto('/chat');
  const answer = await ask(page, 'Do you have a student discount?');
  await expect(answer).toHaveAttribute('data-outcome', 'no_answer');
  await expect(answer).toContainText("I couldn't find an answer to that in our help articles");
  await expect(answer.getByTestId('chat-handoff-offer')).toBeVisible();
  await expect(answer.getByTestId('chat-citation')).toHaveCount(0);
});

test('thumbs and a hand-off are stored and still shown after a reload', async ({ page }) => {
  await page.goto('/chat');
  const answer = await ask(page, 'Can I get my bills in large print?');
  await answer.getByTestId('chat-feedback-down').click();
  await answer.getByTestId('chat-feedback-comment').fill('I wanted braille');
  await answer.getByTestId('chat-feedback-submit').click();
  await expect(answer.getByTestId('chat-feedback')).toHaveAttribute('data-state', 'sent');

  await page.getByTestId('chat-handoff-open').click();
  await page.getByTestId('chat-handoff-reason-missing_knowledge').click();
  await page.getByTestId('chat-handoff-submit').click();
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

  await page.reload();
  const reloaded = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(reloaded.getByTestId('chat-feedback')).toHaveAttribute('data-rating', 'down');
  await expect(reloaded.getByTestId('chat-feedback-down')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');
});

test('the launcher opens the chat on public pages', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('chat-launcher').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('chat-input').fill('Grüezi');
  await panel.getByTestId('chat-send').click();
  await expect(panel.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Grüezi! Wie kann ich Ihnen helfen?');
});

test('"Talk to a person" works before the first message, and the request survives a reload', async ({ page }) => {
  await page.goto('/chat');
  await page.getByTestId('chat-handoff-open').click();
  await page.getByTestId('chat-handoff-reason-customer_request').click();
  await page.getByTestId('chat-handoff-submit').click();
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');
  await page.reload();
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');
});

test('a signed-in customer’s conversations are listed and can be resumed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.customer, undefined, '/login?callbackUrl=/chat');
  await page.waitForURL((url) => url.pathname === '/chat');
  await ask(page, 'Can my son manage our Alpenwave account for us?');
  await page.getByTestId('chat-new').click();
  await expect(page.locator('[data-testid="chat-message"]')).toHaveCount(0);
  const list = page.getByTestId('chat-conversations');
  const earlier = list.getByRole('button', { name: /Can my son manage our Alpenwave account/ });
  await expect(earlier).toBeVisible();
  await earlier.click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').first()).toContainText('Authorised persons');
});
