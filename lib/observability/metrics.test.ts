import { describe, expect, it } from 'vitest';
import { metrics, recordAnswer } from './metrics';

describe('metrics', () => {
  it('records answers: count by outcome and language, TTFT, tokens and cost', async () => {
    recordAnswer({ outcome: 'answered', lang: 'de', ttftMs: 120, totalMs: 300, tokensIn: 900, tokensOut: 80, costUsd: 0.002 });
    recordAnswer({ outcome: 'no_answer', lang: 'de', ttftMs: null, totalMs: 50, tokensIn: 0, tokensOut: 0, costUsd: 0 });
    const text = await metrics().registry.metrics();
    expect(text).toMatch(/lantern_chat_answers_total\{outcome="answered",lang="de"\} [1-9]/);
    expect(text).toMatch(/lantern_chat_answers_total\{outcome="no_answer",lang="de"\} [1-9]/);
    expect(text).toMatch(/lantern_chat_ttft_seconds_bucket\{le="0.25"\} [1-9]/);
    expect(text).toMatch(/lantern_chat_tokens_total\{direction="in"\} (?:9\d\d|[1-9]\d{3,})\b/);
    expect(text).toMatch(/lantern_chat_cost_usd_total 0\.00[2-9]/);
  });
});
