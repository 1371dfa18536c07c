import { expect, test } from '@playwright/test';
import { ask } from './helpers';

/**
 * Correct or silent, as a customer sees it in the chat: the answer states the fact that was
 * asked for, not another one from the same article (another zone's price, a security note
 * instead of the steps).
 */

test('de-CH: the roaming price for Italy is the Zone 1 price, not the ships-and-aircraft one', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-CH' });
  const page = await context.newPage();
  await page.goto('/chat');
  const answer = await ask(page, 'Wie teuer ist Roaming in Italien?');
  await expect(answer).toHaveAttribute('data-outcome', /answered|golden/);
  await expect(answer).toContainText('0.15');
  await expect(answer).not.toContainText('10.00');
  await expect(answer.getByTestId('chat-citation').first()).toHaveAttribute('href', /^\/articles\/roaming-zonen-und-preise/);
  await context.close();
});

test('en-GB: changing the Wi-Fi password on the Box 5 gets the steps, not the security note', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/chat');
  const answer = await ask(page, 'How do I change my Wi-Fi password on the Box 5?');
  await expect(answer).toHaveAttribute('data-outcome', /answered|golden/);
  await expect(answer).toContainText(/Home > Wi-Fi|Wi-Fi > Main network/);
  await expect(answer).not.toContainText('never ask for your Wi-Fi password');
  await expect(answer.getByTestId('chat-citation').first()).toHaveAttribute('href', /^\/articles\/change-wifi-password-box-5/);
  await context.close();
});
