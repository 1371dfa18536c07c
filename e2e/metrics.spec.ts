import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

/** GET /api/metrics: Prometheus text for scrapers with the token; JSON errors for everyone else. */

const TOKEN = 'e2e-metrics-token-0123456789'; // set for the e2e server in playwright.config.ts

test('the metrics show the chat requests and answers; without the token they are refused', async ({ request }) => {
  const chat = await request.post('/api/chat', {
    data: { conversationId: randomUUID(), message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'How do I restart my Box 5?' }] } },
  });
  expect(chat.status()).toBe(200);
  await chat.text(); // the answer is counted when its stream ends
  const bad = await request.post('/api/chat', { data: Buffer.from('{oops'), headers: { 'content-type': 'application/json' } });
  expect(bad.status()).toBe(400);

  const response = await request.get('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toMatch(/lantern_http_requests_total\{route="\/api\/chat",status="200"\} [1-9]/);
  expect(text).toMatch(/lantern_http_requests_total\{route="\/api\/chat",status="400"\} [1-9]/);
  expect(text).toMatch(/lantern_api_errors_total\{code="bad_request",status="400"\} [1-9]/);
  expect(text).toMatch(/lantern_chat_answers_total\{outcome="golden",lang="en"\} [1-9]/);
  expect(text).toMatch(/lantern_chat_ttft_seconds_count [1-9]/);
  expect(text).toMatch(/lantern_process_resident_memory_bytes \d+/);
  // Every chat API is counted, not just the chat stream.
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const after = await (await request.get('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  expect(after).toMatch(/lantern_http_requests_total\{route="\/api\/health",status="200"\} [1-9]/);

  expect((await request.get('/api/metrics')).status()).toBe(401);
  const wrong = await request.get('/api/metrics', { headers: { authorization: 'Bearer not-the-token-at-all-000' } });
  expect(wrong.status()).toBe(401);
  expect((await wrong.json()).error.code).toBe('unauthenticated');
});
