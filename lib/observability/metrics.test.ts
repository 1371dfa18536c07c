import { describe, expect, it } from 'vitest';
import { metrics, recordAnswer, withMetrics } from './metrics';

describe('metrics', () => {
  it('records answers: count by outcome and language, TTFT, tokens and cost', async () => {
    recordAnswer({ outcome: 'answered', lang: 'de', ttftMs: 120, totalMs: 300, tokensIn: 900, tokensOut: 80, costUsd: 0.002 });
    recordAnswer({ outcome: 'no_answer', lang: 'de', ttftMs: null, totalMs: 50, tokensIn: 0, tokensOut: 0, costUsd: 0 });
    const text = await metrics().registry.metrics();
    expect(text).toMatch(/lantern_chat_answers_total\{outcome="answered",lang="de"\} [1-9]/);
    expect(text).toMatch(/lantern_chat_answers_total\{outcome="no_answer",lang="de"\} [1-9]/);
    expect(text).toMatch(/lantern_chat_ttft_seconds_bucket\{le="0.25"\} [1-9]/);
    expect(text).toMatch(/lantern_chat_tokens_total\{direction="in"\} (9\d\d|[1-9]\d{3,})/);
    expect(text).toMatch(/lantern_chat_cost_usd_total 0\.00[2-9]/);
  });

  it('counts wrapped requests by status, including a handler that throws', async () => {
    const ok = withMetrics('/t/ok', async () => new Response('x', { status: 201 }));
    const boom = withMetrics('/t/boom', async () => {
      throw new Error('boom');
    });
    await ok();
    await expect(boom()).rejects.toThrow('boom');
    const text = await metrics().registry.metrics();
    expect(text).toContain('lantern_http_requests_total{route="/t/ok",status="201"} 1');
    expect(text).toContain('lantern_http_requests_total{route="/t/boom",status="500"} 1');
    expect(text).toMatch(/lantern_http_request_duration_seconds_count\{route="\/t\/ok"\} 1/);
  });
});
