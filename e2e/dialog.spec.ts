import { expect, test, type Locator, type Page } from '@playwright/test';
import { ask } from './helpers';

/**
 * Conversations that hold together (the dialog state stored with the conversation), on the built
 * app with the built-in model.
 */

async function lastAnswer(page: Page): Promise<Locator> {
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });
  return answer;
}

test('clicking "Box 5" after "which one do you have?" answers the Wi-Fi password question for the Box 5', async ({ page }) => {
  await page.goto('/chat');
  const asked = await ask(page, 'How do I change my Wi-Fi password?');
  await expect(asked).toHaveAttribute('data-outcome', 'clarify');
  await asked.getByTestId('chat-suggestion').filter({ hasText: 'Box 5' }).click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(2);
  const answer = await lastAnswer(page);
  await expect(answer).toHaveAttribute('data-outcome', 'answered');
  await expect(answer.getByTestId('chat-citation').first()).toContainText(/Wi-Fi password.*Box 5|Box 5.*Wi-Fi/i);
  // Not the expert's answer about restarting the Box 5, which the bare words "Box 5" resemble.
  await expect(answer).not.toContainText('Restart Box');
});

for (const { locale, question, reply, version } of [
  { locale: 'en-GB', question: 'How do I change my Wi-Fi password?', reply: "it's the 5", version: /Box 5/ },
  { locale: 'de-CH', question: 'Wie ändere ich mein WLAN-Passwort?', reply: 'die Box 3', version: /Box 3/ },
  { locale: 'fr-CH', question: 'Comment changer le mot de passe Wi-Fi ?', reply: "j'ai la plus récente", version: /Box 5/ },
  { locale: 'it-CH', question: 'Come cambio la password del Wi-Fi?', reply: 'quella vecchia', version: /Box 3/ },
] as const) {
  test(`${locale}: a typed reply ("${reply}") to the clarifying question answers the original question in that version`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/chat');
    await expect(await ask(page, question)).toHaveAttribute('data-outcome', 'clarify');
    const answer = await ask(page, reply);
    await expect(answer).toHaveAttribute('data-outcome', 'answered');
    const citation = answer.getByTestId('chat-citation').first();
    await expect(citation).toContainText(version);
    await expect(citation).toHaveAttribute('href', /wifi|wlan|mot-de-passe|password/i);
    await context.close();
  });
}

test('a golden answer written for one Box is not given to a question about the other or about none', async ({ browser }) => {
  const en = await browser.newPage();
  await en.goto('/chat');
  const box3 = await ask(en, 'How do I restart my Box 3?');
  await expect(box3).not.toHaveAttribute('data-outcome', 'golden');
  await expect(box3.getByTestId('chat-citation').first()).toContainText(/Box 3/);
  await en.close();

  // The demo's French golden answer is about the Box 3: a question naming no Box is asked which one first.
  const context = await browser.newContext({ locale: 'fr-CH' });
  const fr = await context.newPage();
  await fr.goto('/chat');
  const unnamed = await ask(fr, 'Comment redémarrer ma box ?');
  await expect(unnamed).toHaveAttribute('data-outcome', 'clarify');
  const chosen = await ask(fr, 'Box 5');
  await expect(chosen).not.toHaveAttribute('data-outcome', 'golden');
  await expect(chosen.getByTestId('chat-citation').first()).toContainText(/Box 5/);
  await context.close();
});
