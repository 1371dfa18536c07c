import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

/** Bad input to the chat API gets a 4xx JSON error, and the server keeps serving. */

const good = () => ({ conversationId: randomUUID(), message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'How do I restart my Box 5?' }] } });

const CASES: { name: string; body: string | object; status: number; message: RegExp }[] = [
  { name: 'malformed JSON', body: '{"conversationId": ', status: 400, message: /not valid JSON/ },
  { name: 'an array body', body: [], status: 400, message: /expected object/i },
  { name: 'a missing message', body: { conversationId: randomUUID() }, status: 400, message: /message/ },
  { name: 'a conversation id that is not a UUID', body: { ...good(), conversationId: '../../etc/passwd' }, status: 400, message: /conversationId/ },
  { name: 'an unknown role', body: { ...good(), message: { ...good().message, role: 'system' } }, status: 400, message: /role/ },
  { name: 'a 20,000-character message', body: { ...good(), message: { ...good().message, parts: [{ type: 'text', text: 'a'.repeat(20_000) }] } }, status: 400, message: /longer than 2000/ },
  { name: 'control characters', body: { ...good(), message: { ...good().message, parts: [{ type: 'text', text: 'hello\u0000\u0007world' }] } }, status: 400, message: /control characters/ },
  { name: 'an empty message', body: { ...good(), message: { ...good().message, parts: [{ type: 'text', text: '   ' }] } }, status: 400, message: /empty/ },
  { name: 'an unknown field', body: { ...good(), admin: true }, status: 400, message: /admin|Unrecognized/i },
  { name: 'a huge body', body: JSON.stringify({ ...good(), padding: 'x'.repeat(100_000) }), status: 413, message: /larger than/ },
];

for (const { name, body, status, message } of CASES) {
  test(`POST /api/chat rejects ${name} with ${status}`, async ({ request }) => {
    const response = await request.post('/api/chat', {
      // A Buffer goes out byte for byte (a string would be JSON-encoded again).
      data: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status()).toBe(status);
    const json = await response.json();
    expect(json.error.code).toBeTruthy();
    expect(json.error.message).toMatch(message);
  });
}

test('feedback and hand-off requests are validated and scoped to the owner', async ({ request, playwright, baseURL }) => {
  const bad = await request.post('/api/chat/feedback', { data: { messageId: randomUUID(), rating: 'meh' } });
  expect(bad.status()).toBe(400);
  const badReason = await request.post('/api/chat/handoff', { data: { conversationId: randomUUID(), reason: 'bored' } });
  expect(badReason.status()).toBe(400);

  // Alice chats; Mallory (another browser session) cannot rate her answer or queue her hand-off.
  const chat = good();
  const stream = await request.post('/api/chat', { data: chat });
  expect(stream.status()).toBe(200);
  const messageId = /"messageId":"([0-9a-f-]{36})"/.exec(await stream.text())![1]!;
  const mallory = await playwright.request.newContext({ baseURL });
  expect((await mallory.post('/api/chat/feedback', { data: { messageId, rating: 'down' } })).status()).toBe(404);
  expect((await mallory.post('/api/chat/handoff', { data: { conversationId: chat.conversationId, reason: 'other' } })).status()).toBe(404);
  expect((await mallory.get(`/api/chat/conversations/${chat.conversationId}`)).status()).toBe(404);
  expect((await mallory.post('/api/chat', { data: { ...good(), conversationId: chat.conversationId } })).status()).toBe(404);
  await mallory.dispose();

  expect((await request.post('/api/chat/feedback', { data: { messageId, rating: 'up' } })).status()).toBe(200);
  const detail = await (await request.get(`/api/chat/conversations/${chat.conversationId}`)).json();
  expect(detail.messages.at(-1).metadata.feedback).toEqual({ rating: 'up', comment: null });
  expect((await request.get('/api/chat/conversations')).status()).toBe(401);
});

test('the server keeps serving after bad input', async ({ request }) => {
  for (let i = 0; i < 3; i++) await request.post('/api/chat', { data: Buffer.from('{oops'), headers: { 'content-type': 'application/json' } });
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const ok = await request.post('/api/chat', { data: good() });
  expect(ok.status()).toBe(200);
  expect(await ok.text()).toContain('"type":"finish"');
});
