import { expect, test, type Browser } from '@playwright/test';
import { ask, DEMO, expectOnConsole, signIn } from './helpers';

/**
 * The chat knows who it is talking to (built-in model): signed in, each demo customer gets the
 * article for their own Box — no "which one do you have?" — in the language they write, with a
 * line saying so; anonymous visitors are still asked; the console's trace shows which profile
 * field decided.
 *
 * Demo accounts (content/seed/customers.json): Anna (de), Claire (fr) and James (en) have a Box 5,
 * Luca (it) a Box 3. Anna and Luca also ask in English (the answer follows the message's
 * language). auth-lockout.spec.ts locks James's sign-in, but only after every other spec.
 */

const BOX = { box5: /box-5|box5/, box3: /box-3|box3/ } as const;
const NOTE = {
  en: (label: string) => `For your ${label}, as on your account:`,
  de: (label: string) => `Für Ihre ${label} gemäss Ihrem Konto:`,
  fr: (label: string) => `Pour votre ${label}, selon votre compte :`,
  it: (label: string) => `Per il Suo ${label}, secondo il Suo conto:`,
} as const;

type Lang = keyof typeof NOTE;

const CUSTOMERS: { email: string; box: keyof typeof BOX; questions: [Lang, string][] }[] = [
  {
    email: 'anna.meier@example.ch',
    box: 'box5',
    questions: [
      ['de', 'Wie ändere ich mein WLAN-Passwort?'],
      ['de', 'Wie starte ich meine Box neu?'],
      ['de', 'Was bedeutet das orange Licht an meiner Box?'],
      ['de', 'Wie setze ich meine Box auf Werkseinstellungen zurück?'],
      ['de', 'Wie richte ich eine Portweiterleitung ein?'],
      ['en', 'How do I do a factory reset?'],
    ],
  },
  {
    email: 'luca.rossi@example.ch',
    box: 'box3',
    questions: [
      ['it', 'Come cambio la password del Wi-Fi?'],
      ['it', 'Come riavvio il modem?'],
      ['it', 'Cosa significa la luce arancione sul modem?'],
      ['it', 'Come faccio il ripristino delle impostazioni di fabbrica del modem?'],
      ['it', 'Come configuro il port forwarding?'],
      ['en', 'How do I set up port forwarding?'],
    ],
  },
  {
    email: 'james.miller@example.com',
    box: 'box5',
    questions: [
      ['en', 'How do I change my Wi-Fi password?'],
      ['en', 'How do I restart my modem?'],
      ['en', 'What does the orange light on my box mean?'],
      ['en', 'How do I reset my box to factory settings?'],
      ['en', 'How do I set up port forwarding?'],
    ],
  },
  {
    email: 'claire.dubois@example.ch',
    box: 'box5',
    questions: [
      ['fr', 'Comment changer le mot de passe Wi-Fi ?'],
      ['fr', 'Comment redémarrer ma box ?'],
      ['fr', 'Que signifie la lumière orange sur ma box ?'],
      ['fr', 'Comment réinitialiser ma box ?'],
      ['fr', 'Comment configurer la redirection de ports ?'],
    ],
  },
];

/** Signed in on the English site: the answers follow the customer's own language, not the page's. */
async function customerPage(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, email, undefined, '/login?callbackUrl=/chat');
  await expect(page).toHaveURL(/\/chat/);
  return { context, page };
}

for (const customer of CUSTOMERS) {
  test(`${customer.email} (${customer.box}) gets their own Box's articles without being asked which one`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page } = await customerPage(browser, customer.email);
    const label = customer.box === 'box5' ? 'Box 5' : 'Box 3';
    for (const [lang, question] of customer.questions) {
      const answer = await ask(page, question);
      await expect(answer, question).toHaveAttribute('data-outcome', /^(answered|golden)$/);
      await expect(answer, question).toContainText(NOTE[lang](label));
      await expect(answer.getByTestId('chat-citation').first(), question).toHaveAttribute('href', BOX[customer.box]);
      // The other model is one tap away.
      await expect(answer.getByTestId('chat-suggestion'), question).toHaveText([customer.box === 'box5' ? 'Box 3' : 'Box 5']);
    }
    await context.close();
  });
}

test('anonymous visitors are still asked which Box they have', async ({ browser }) => {
  for (const { locale, question } of [
    { locale: 'de-CH', question: 'Wie ändere ich mein WLAN-Passwort?' },
    { locale: 'it-CH', question: 'Come riavvio il modem?' },
  ]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/chat');
    await expect(await ask(page, question)).toHaveAttribute('data-outcome', 'clarify');
    await context.close();
  }
});

test('the other model’s answer is one tap away, and the console’s trace shows which profile field decided', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await customerPage(browser, 'anna.meier@example.ch');
  const answer = await ask(page, 'How do I change my Wi-Fi password?');
  await expect(answer.getByTestId('chat-citation').first()).toHaveAttribute('href', BOX.box5);
  const conversationId = await page.locator('[data-conversation-id][aria-current="true"]').getAttribute('data-conversation-id');
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
  await answer.getByTestId('chat-suggestion').filter({ hasText: 'Box 3' }).click();
  const other = page.locator('[data-testid="chat-message"][data-role="assistant"]').nth(1);
  await expect(other).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });
  await expect(other.getByTestId('chat-citation').first()).toHaveAttribute('href', BOX.box3);
  await context.close();

  const staff = await browser.newContext();
  const expert = await staff.newPage();
  await signIn(expert, DEMO.expert);
  await expectOnConsole(expert, 'Sofia Keller');
  await expert.goto(`/admin/conversations/${conversationId}`);
  const first = expert.locator('[data-testid="console-message"][data-role="assistant"]').first();
  await first.getByTestId('trace-panel').locator('summary').click();
  await expect(first.getByTestId('trace-profile')).toHaveText('devices (Box 5)');
  await staff.close();
});

test('a reported problem meets the account: an outage in the area is said first, an offline Box gets a line test one tap away', async ({ browser }) => {
  test.setTimeout(90_000);
  // Anna's area, Zürich, has an ongoing internet outage (content/seed/customers.json).
  const anna = await customerPage(browser, 'anna.meier@example.ch');
  const slow = await ask(anna.page, 'My internet is slow');
  await expect(slow).toHaveAttribute('data-outcome', 'answered');
  await expect(slow).toContainText(/There is a known internet outage in the Zürich area right now, expected to be fixed by (today|tomorrow) \d\d:\d\d\./);
  await expect(slow.getByTestId('chat-citation').first()).toHaveAttribute('href', /\/articles\/slow-internet/);
  // A general article: no "for your Box 5" line and no other model to pick.
  await expect(slow).not.toContainText(NOTE.en('Box 5'));
  await expect(slow.getByTestId('chat-suggestion')).toHaveCount(0);
  await anna.context.close();

  // Luca's Box 3 is offline: it cannot be restarted remotely, so the line test is offered.
  const luca = await customerPage(browser, 'luca.rossi@example.ch');
  const down = await ask(luca.page, 'Internet non funziona da stamattina');
  await expect(down).toContainText('La nostra rete non vede il Suo Box online');
  await down.getByTestId('chat-suggestion').filter({ hasText: 'Testare la mia linea ora' }).click();
  const proposal = luca.page.locator('[data-testid="chat-message"][data-role="assistant"]').nth(1);
  await expect(proposal).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });
  await expect(proposal).toHaveAttribute('data-outcome', 'approval');
  await expect(proposal.getByTestId('chat-approval')).toBeVisible();
  await luca.context.close();
});
