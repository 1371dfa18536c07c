import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startOpenAICompatibleServer, type MockReply, type OpenAICompatibleServer, type RecordedRequest } from '../lib/ai/testing/openai-compatible-server';
import { DEMO, signIn } from './helpers';
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
let chatReply: MockReply | ((req: RecordedRequest) => MockReply) = { kind: 'text', chunks: ['ok'] };

/** The chat turn's replies step by step: the n-th reply answers a request carrying n tool results. */
function script(steps: MockReply[]) {
  return (req: RecordedRequest): MockReply => {
    const body = req.body as { messages: { role: string }[]; tools?: unknown[] };
    if (!body.tools) return { kind: 'text', chunks: ['ok'] };
    return steps[Math.min(body.messages.filter((m) => m.role === 'tool').length, steps.length - 1)]!;
  };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Embeddings always answer; chat completions answer with whatever the test sets.
  model = await startOpenAICompatibleServer({
    reply: (req) => (req.path.endsWith('/chat/completions') ? (typeof chatReply === 'function' ? chatReply(req) : chatReply) : { kind: 'text', chunks: [] }),
  });
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

async function ask(page: Page, question: string, { open = true } = {}) {
  if (open) await page.goto(`${baseURL}/chat`);
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-streaming', 'false', { timeout: 15_000 });
  return answer;
}

test('the LLM searches the help center and its streamed answer is shown with citations that link to the corpus', async ({ page }) => {
  chatReply = script([
    { kind: 'tool-call', name: 'search_help_center', args: { query: 'guest Wi-Fi network' } },
    { kind: 'text', chunks: ['Open the app ', 'and turn on Guest Wi-Fi [1]', ' or at example.com [42].', ' Details on [this page](https://evil.example/phish).'], delayMs: 30 },
  ]);
  model.requests.length = 0;
  const answer = await ask(page, 'How do I set up a guest Wi-Fi network?');
  await expect(answer).toHaveAttribute('data-outcome', 'answered');
  await expect(answer).toContainText('Open the app and turn on Guest Wi-Fi');
  // [42] named no source the search returned: removed. The link comes from the corpus, not from the model's text.
  await expect(answer).not.toContainText('[42]');
  await expect(answer.getByTestId('chat-citation').first()).toHaveAttribute('href', /^\/articles\//);
  // A link the model wrote to another site is shown as text, not as a link.
  await expect(answer).toContainText('Details on this page');
  await expect(answer.locator('a[href*="evil.example"]')).toHaveCount(0);
  const completions = model.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const first = completions[0]!.body as { model: string; stream: boolean; tools: { function: { name: string } }[] };
  expect(first).toMatchObject({ model: 'gpt-4o-mini', stream: true });
  // An anonymous visitor: the help center and a person, no account tools.
  expect(first.tools.map((t) => t.function.name).sort()).toEqual(['request_handoff', 'search_help_center']);
  // The second step carries the search's numbered sources from the corpus.
  const second = completions.at(-1)!.body as { messages: { role: string; content: string }[] };
  expect(second.messages.find((m) => m.role === 'tool')!.content).toMatch(/"n":1.*Guest/s);
  expect(completions[0]!.headers.authorization).toBe('Bearer e2e-key');
});

test('a signed-in customer’s request the built-in rules do not recognise reaches the write tool: an approval card', async ({ page }) => {
  chatReply = script([{ kind: 'tool-call', name: 'change_plan', args: { planId: 'wave-home-1000' } }]);
  await signIn(page, DEMO.customer, undefined, `${baseURL}/login`);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL}/chat`);
  const answer = await ask(page, 'could you sort it so that my home connection runs on the 1000 one from now on', { open: false });
  await expect(answer).toHaveAttribute('data-outcome', 'approval');
  await expect(answer.getByTestId('chat-approval')).toBeVisible();
  await expect(answer.getByTestId('chat-approve')).toBeVisible();
});

test('the model hands the conversation to a person: the hand-off is open and shown', async ({ page }) => {
  chatReply = script([
    { kind: 'tool-call', name: 'request_handoff', args: { reason: 'customer_request', note: 'complaint' } },
    { kind: 'text', chunks: ['A colleague will reply here shortly.'] },
  ]);
  const answer = await ask(page, 'I would rather talk to someone about my complaint');
  await expect(answer).toHaveAttribute('data-outcome', 'handoff');
  await expect(answer).toContainText('A colleague will reply here shortly.');
  await expect(page.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');
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
