import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

/**
 * Locks a demo customer's sign-in on purpose. The "lockout" project of playwright.config.ts runs
 * this file after every other spec, so they can all sign in as any demo customer.
 */
test.describe('signing in', () => {
  test('repeated failures are rate limited, even with the right password afterwards', async ({ page }) => {
    // James's account: this spec runs after all the others (its own Playwright project), which may sign in as him.
    const email = 'james.miller@example.com';
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, email, `wrong-${attempt}`);
      await expect(page.locator('form [role=alert]')).toContainText('Wrong email or password.');
    }
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page.locator('form [role=alert]')).toContainText('Too many failed attempts');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
  });
});
