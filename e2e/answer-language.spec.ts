import { expect, test } from '@playwright/test';
import { ask } from './helpers';

/**
 * Answers in the customer's language, quote included: an English article that matches the words
 * best ("factory reset") is not quoted when the customer's language has its own version.
 */
for (const { locale, question, intro, slug } of [
  { locale: 'fr-CH', question: 'Comment faire un factory reset de la Box 5 ?', intro: /Voici ce que dit notre article « Réinitialiser/, slug: '/articles/reinitialiser-box-5' },
  { locale: 'it-CH', question: 'Come faccio il factory reset della Box 5?', intro: /Ecco cosa dice il nostro articolo «Ripristinare/, slug: '/articles/ripristino-box-5' },
] as const) {
  test(`${locale}: a question in English-flavoured words cites and quotes the ${locale.slice(0, 2)} article`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/chat');
    const answer = await ask(page, question);
    await expect(answer).toHaveAttribute('data-outcome', 'answered');
    await expect(answer).toContainText(intro);
    await expect(answer.getByTestId('chat-citation').first()).toHaveAttribute('href', new RegExp(`^${slug}`));
    // The quoted text is the same-language article's, not the English one's.
    await expect(answer).not.toContainText(/press and hold|Use a paper clip/i);
    await context.close();
  });
}
