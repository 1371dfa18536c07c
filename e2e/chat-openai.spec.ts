import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startOpenAICompatibleServer, type MockReply, type OpenAICompatibleServer } from '../lib/ai/testing/openai-compatible-server';
import { freePort } from './support/instances';

/**
 * The same app, route and UI with an OpenAI-compatible model: a second `next start` whose
 * OPENAI_BASE_URL points at a real HTTP server started here (streaming chat completions and
 * embeddings on loopback). Errors and a hanging model end in a clear message, never a spinner.
 */

test.describe.configure({ mode: 'serial' });

let model: OpenAICompatibleServer;
let app: ChildProcess;
let baseURL: string;
let dataDir: string;
let chatReply: MockReply = { kind: 'text', chunks: ['ok'] };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Embeddings always answer; chat completions answer with whatever the test sets.
  model = await startOpenAICompatibleServer({ reply: (req) => (req.path.endsWith('/chat/completions') ? chatReply : { kind: 'text', chunks: [] }) });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-openai-'));
  const port = String(await freePort());
  baseURL = `http://localhost:${port}`;
  app = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', port], {
    env: { ...process.env, DATA_DIR: dataDir, OPENAI_API_KEY: 'e2e-key', OPENAI_BASE_URL: model.url, OPENAI_CHAT_MODEL: 'gpt-4o-mini', CHAT_MODEL_TIMEOUT_MS: '1500' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  app.stdout!.on('data', (d) => (output += d));
  app.stderr!.on('data', (d) => (output += d));
  // The app's own output, when it does not come up: the poll's message would be taken before it has any.
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => undefined))?.status, { timeout: 90_000 })
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`${error.message}\n--- app output ---\n${output.slice(-4000)}`);
    });
  expect(output).toContain('model provider openai');
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  if (app) await new Promise((resolve) => app.on('exit', resolve));
  await model?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function ask(page: Page, question: string) {
  await page.goto(`${baseURL}/chat`);
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });
  return answer;
}

test('the LLM’s streamed answer is shown with citations that link to the corpus', async ({ page }) => {
  chatReply = {
    kind: 'text',
    chunks: ['Open the app ', 'and turn on Guest Wi-Fi [1]', ' or at example.com [42].', ' Details on [this page](https://evil.example/phish).'],
    delayMs: 30,
  };
  model.requests.length = 0;
  const answer = await ask(page, 'How do I set up a guest Wi-Fi network?');
  await expect(answer).toHaveAttribute('data-outcome', 'answered');
  await expect(answer).toContainText('Open the app and turn on Guest Wi-Fi');
  // [42] named no source: removed. The link comes from the corpus, not from the model's text.
  await expect(answer).not.toContainText('[42]');
  await expect(answer.getByTestId('chat-citation').first()).toHaveAttribute('href', /^\/articles\//);
  // A link the model wrote to another site is shown as text, not as a link.
  await expect(answer).toContainText('Details on this page');
  await expect(answer.locator('a[href*="evil.example"]')).toHaveCount(0);
  const completion = model.requests.find((r) => r.path.endsWith('/chat/completions'))!;
  const body = completion.body as { model: string; stream: boolean; messages: { content: string }[] };
  expect(body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
  expect(body.messages.at(-1)!.content).toContain('<sources>');
  expect(completion.headers.authorization).toBe('Bearer e2e-key');
});

test('an error from the model server ends in a clear message with a hand-off offer', async ({ page }) => {
  chatReply = { kind: 'error', status: 500, message: 'model crashed' };
  const answer = await ask(page, 'How do I set up a guest Wi-Fi network?');
  await expect(answer).toHaveAttribute('data-outcome', 'error');
  await expect(answer).toContainText("our answer service isn't responding");
  await expect(answer.getByTestId('chat-handoff-offer')).toBeVisible();
});

for (const { name, sendHeaders } of [
  { name: 'a hanging model server (headers sent, then silence)', sendHeaders: true },
  { name: 'a model server that takes the connection and never answers', sendHeaders: false },
]) {
  test(`${name} ends in the same clear message after the timeout`, async ({ page }) => {
    chatReply = { kind: 'hang', sendHeaders };
    const started = Date.now();
    const answer = await ask(page, 'How do I set up a guest Wi-Fi network?');
    await expect(answer).toHaveAttribute('data-outcome', 'error');
    await expect(answer).toContainText("our answer service isn't responding");
    expect(Date.now() - started).toBeLessThan(12_000);
  });
}
