import { describe, expect, it } from 'vitest';
import { MAX_DAYS } from '@/lib/console/insights/range';
import { ConfigError, parseConfig } from '@/lib/config';

describe('retention settings', () => {
  it('default to 90 days for anonymous conversations, and traces for as far back as an Insights range reaches', () => {
    const { retention } = parseConfig({});
    expect(retention).toEqual({ anonymousConversationDays: 90, traceDays: 731 });
    expect(retention.traceDays).toBeGreaterThanOrEqual(MAX_DAYS);
  });

  it('take 0 for keep forever, and refuse negative or fractional days', () => {
    expect(parseConfig({ RETENTION_ANONYMOUS_CONVERSATION_DAYS: '0', RETENTION_TRACE_DAYS: '30' }).retention).toEqual({ anonymousConversationDays: 0, traceDays: 30 });
    expect(() => parseConfig({ RETENTION_TRACE_DAYS: '-1' })).toThrow(ConfigError);
    expect(() => parseConfig({ RETENTION_ANONYMOUS_CONVERSATION_DAYS: '1.5' })).toThrow(/RETENTION_ANONYMOUS_CONVERSATION_DAYS/);
  });
});
