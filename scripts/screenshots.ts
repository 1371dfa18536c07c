/**
 * npm run screenshots — starts the built app on a throwaway embedded database and saves the
 * README's screenshots into docs/ (needs `npm run build` first and a Chromium; see
 * scripts/setup/chromium.sh).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'];

async function waitForHealth(url: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const status = await fetch(`${url}/api/health`).then((r) => r.status).catch(() => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the app did not become ready');
}

const CONSOLE_PAGES = ['', 'golden', 'conversations', 'handoffs', 'knowledge', 'evals', 'insights'];

async function ask(page: Page, question: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"][data-streaming="false"]');
  const before = await answers.count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  await answers.nth(before).waitFor();
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('run `npm run build` first');
  fs.mkdirSync('docs/console', { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-shots-'));
  const port = String(41000 + Math.floor(Math.random() * 9000));
  const base = `http://localhost:${port}`;
  const app = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', port], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
  const executablePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    await waitForHealth(base, 120_000);
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, colorScheme: scheme, locale: 'en-GB' });
      await page.goto(`${base}/chat`);
      await page.evaluate((s) => localStorage.setItem('theme', s), scheme);
      await page.reload();
      await ask(page, 'Can I get my bills in large print?');
      await ask(page, 'Do you have a student discount?');
      await page.screenshot({ path: `docs/screenshot-chat-${scheme}.png` });
      await page.close();
    }
    const mobile = await browser.newPage({ viewport: { width: 390, height: 800 }, deviceScaleFactor: 2, locale: 'de-CH' });
    await mobile.goto(`${base}/`);
    await mobile.getByTestId('chat-launcher').click();
    await ask(mobile, 'Warum ist meine erste Rechnung so hoch?');
    await mobile.screenshot({ path: 'docs/screenshot-chat-mobile.png' });
    const account = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await account.goto(`${base}/login?callbackUrl=/chat`);
    await account.getByLabel('Email').fill('anna.meier@example.ch');
    await account.getByLabel('Password').fill('lantern-demo');
    await account.getByRole('button', { name: 'Sign in' }).click();
    await account.waitForURL((url) => url.pathname === '/chat');
    await ask(account, 'Why is my last bill so high?');
    await ask(account, 'Please change my internet plan to Wave Home 1000');
    await account.screenshot({ path: 'docs/screenshot-account-approval.png' });
    // The console, every page in light and dark, signed in as the demo expert (after the chats above, so lists have rows).
    for (const scheme of ['light', 'dark'] as const) {
      const staff = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme, locale: 'en-GB' });
      await staff.goto(`${base}/login?callbackUrl=/admin`);
      await staff.getByLabel('Email').fill('expert@alpenwave.example');
      await staff.getByLabel('Password').fill('lantern-demo');
      await staff.getByRole('button', { name: 'Sign in' }).click();
      await staff.waitForURL((url) => url.pathname === '/admin');
      await staff.evaluate((s) => localStorage.setItem('theme', s), scheme);
      for (const section of CONSOLE_PAGES) {
        await staff.goto(`${base}/admin${section ? `/${section}` : ''}`);
        await staff.waitForLoadState('networkidle');
        await staff.screenshot({ path: `docs/console/${section || 'overview'}-${scheme}.png` });
      }
      await staff.close();
    }
    console.log('Saved the chat screenshots in docs/ and the console screenshots in docs/console/.');
  } finally {
    await browser.close();
    app.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
