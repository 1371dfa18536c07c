import { expect, test } from '@playwright/test';
import { DEMO, expectOnConsole, signIn } from './helpers';

/** Console dates are shown in the viewer's own time zone and locale, not in the server's UTC. */
test('an expert in Auckland reads conversation times in Auckland time', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-NZ', timezoneId: 'Pacific/Auckland' });
  const page = await context.newPage();
  // A conversation to list (any visitor's).
  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('How do I restart my Box 5?');
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });

  await signIn(page, DEMO.expert);
  await expectOnConsole(page, 'Sofia Keller');
  await page.goto('/admin/conversations');
  const time = page.getByTestId('conversation-row').first().locator('time');
  const iso = await time.getAttribute('datetime');
  const expected = await page.evaluate((value) => new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value!)), iso);
  await expect(time).toHaveText(expected);
  await expect(time).not.toContainText('UTC');
  // Auckland is 11 to 13 hours ahead of UTC: the hour shown is not the UTC hour.
  const utcHour = new Date(iso!).getUTCHours();
  const shownHour = await page.evaluate((value) => new Date(value!).toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland', hour: 'numeric', hourCycle: 'h23' }), iso);
  expect(Number(shownHour)).not.toBe(utcHour);
  await context.close();
});
