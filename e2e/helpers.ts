import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'lantern-demo';

export const DEMO = {
  admin: 'admin@alpenwave.example',
  expert: 'expert@alpenwave.example',
  analyst: 'analyst@alpenwave.example',
  customer: 'anna.meier@example.ch',
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  // Exact: with single sign-on configured there is also "Sign in with …".
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectOnConsole(page: Page, name: string) {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
}

/**
 * Sends a question in the open chat and waits until the assistant's answer to it has finished
 * streaming: the answer after those already there (the last message would be the previous answer
 * until the new one appears).
 */
export async function ask(page: Page, question: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"][data-streaming="false"]');
  const before = await answers.count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = answers.nth(before);
  await expect(answer).toBeVisible({ timeout: 15_000 });
  return answer;
}

/** Signs the demo customer in and lands on the chat. */
export async function customerChat(page: Page) {
  await signIn(page, DEMO.customer, undefined, '/login?callbackUrl=/chat');
  await page.waitForURL((url) => url.pathname === '/chat');
}
