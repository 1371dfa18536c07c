import { describe, expect, it } from 'vitest';
import type { Readiness } from '@/lib/readiness';
import { healthBody, livenessBody, readinessBody } from './views';

const ready: Readiness = {
  ready: true,
  reasons: [],
  status: {
    status: 'ok',
    database: { kind: 'postgres', reachable: true, migrations: { applied: 9, expected: 9, latest: '0009_hardening', pending: 0 } },
    model: { provider: 'openai', chatModel: 'gpt-secret-tune', embeddingModel: 'embed-x', baseURL: 'http://10.0.0.7:11434' },
  },
};
const notReady: Readiness = { ready: false, reasons: ['2 migrations pending'], status: { ...ready.status!, status: 'degraded' } };
const process = () => ({ instance: 'db-host-7:4242:abcd1234', uptimeSeconds: 12 });

/** Everything that would tell a stranger about the installation. */
const INTERNALS = ['postgres', 'openai', 'gpt-secret-tune', 'embed-x', '10.0.0.7', 'db-host-7', '4242', 'migrations', 'reasons'];

describe('health bodies for anonymous callers', () => {
  it.each([
    ['/api/health ready', healthBody(ready, false), { status: 'ok', ready: true }],
    ['/api/health not ready', healthBody(notReady, false), { status: 'degraded', ready: false }],
    ['/api/health/ready', readinessBody(ready, false), { status: 'ready' }],
    ['/api/health/ready not ready', readinessBody(notReady, false), { status: 'not_ready' }],
    ['/api/health/live', livenessBody(false, process), { status: 'alive' }],
  ])('%s: the verdict only', (_, body, expected) => {
    expect(body).toEqual(expected);
    const text = JSON.stringify(body);
    for (const secret of INTERNALS) expect(text).not.toContain(secret);
  });
});

describe('health bodies for staff and the metrics token', () => {
  it('/api/health: database, migrations, model and reasons', () => {
    expect(healthBody(notReady, true)).toMatchObject({
      status: 'degraded',
      ready: false,
      reasons: ['2 migrations pending'],
      database: { kind: 'postgres', migrations: { applied: 9 } },
      model: { provider: 'openai', chatModel: 'gpt-secret-tune', baseURL: 'http://10.0.0.7:11434' },
    });
  });

  it('/api/health/ready: the reasons', () => {
    expect(readinessBody(notReady, true)).toEqual({ status: 'not_ready', reasons: ['2 migrations pending'] });
  });

  it('/api/health/live: the instance and its uptime', () => {
    expect(livenessBody(true, process)).toEqual({ status: 'alive', instance: 'db-host-7:4242:abcd1234', uptimeSeconds: 12 });
  });
});
