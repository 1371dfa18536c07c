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

/** Sends a question in the open chat and waits until the assistant's answer has finished streaming. */
export async function ask(page: Page, question: string) {
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });
  return answer;
}

/**
 * Sends a question and returns the answer after those already shown, once it has finished
 * streaming. Only for a chat with nothing still loading: a conversation restored after the count
 * would make the old answer the one returned (use ask() there).
 */
export async function askNext(page: Page, question: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"][data-streaming="false"]');
  const before = await answers.count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = answers.nth(before);
  await expect(answer).toBeVisible({ timeout: 15_000 });
  return answer;
}
