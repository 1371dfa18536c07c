import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to embedded PGlite under .data and the local model', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('.data/pglite'), thread: 'worker' });
    expect(config.model).toEqual({ provider: 'local' });
    expect(config.seedDemo).toBe('auto');
    expect(config.loginRateLimit).toEqual({ max: 5, windowSeconds: 900 });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/lantern' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db.internal:5432/lantern' });
  });

  it('places PGlite inside DATA_DIR unless PGLITE_DIR says otherwise', () => {
    expect(parseConfig({ DATA_DIR: '/srv/lantern' }).database).toEqual({ kind: 'pglite', dataDir: '/srv/lantern/pglite', thread: 'worker' });
    expect(parseConfig({ PGLITE_THREAD: 'main' }).database).toMatchObject({ kind: 'pglite', thread: 'main' });
    expect(() => parseConfig({ PGLITE_THREAD: 'both' })).toThrow(/PGLITE_THREAD/);
    expect(parseConfig({ DATA_DIR: '/srv/lantern', PGLITE_DIR: '/fast/pg' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/fast/pg',
      thread: 'worker',
    });
  });

  it('names the variable and the problem on one line, without echoing the value', () => {
    let error: unknown;
    try {
      parseConfig({ DATABASE_URL: 'nonsense-secret-value' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL must be a PostgreSQL URL/);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('nonsense-secret-value');
  });

  it('rejects non-numeric limits and unknown seed modes', () => {
    expect(() => parseConfig({ LOGIN_RATE_LIMIT_MAX: 'many' })).toThrow(/LOGIN_RATE_LIMIT_MAX/);
    expect(() => parseConfig({ SEED_DEMO: 'sometimes' })).toThrow(/SEED_DEMO/);
    expect(() => parseConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32/);
  });

  it('selects an OpenAI-compatible server by its base URL alone (no key needed), with its embeddings or the built-in ones', () => {
    expect(parseConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).model).toMatchObject({ provider: 'openai', apiKey: undefined, baseURL: 'http://127.0.0.1:11434/v1', embeddings: 'openai' });
    expect(parseConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', EMBEDDING_PROVIDER: 'local', OPENAI_CHAT_MODEL: 'llama3.2' }).model).toMatchObject({ provider: 'openai', chatModel: 'llama3.2', embeddings: 'local' });
    expect(() => parseConfig({ EMBEDDING_PROVIDER: 'openai' })).toThrow('EMBEDDING_PROVIDER=openai needs OPENAI_BASE_URL or OPENAI_API_KEY');
    expect(() => parseConfig({ EMBEDDING_PROVIDER: 'remote' })).toThrow(/EMBEDDING_PROVIDER/);
  });

  it('selects the OpenAI provider when a key is set', () => {
    const config = parseConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1' });
    expect(config.model).toMatchObject({ provider: 'openai', baseURL: 'http://127.0.0.1:9999/v1', chatModel: 'gpt-4o-mini' });
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', OPENAI_API_KEY: '' }).database.kind).toBe('pglite');
  });

  it('reads the listening address settings: HOST validated, the demo opt-in, and what npm start reports', () => {
    expect(parseConfig({}).listen).toEqual({ host: undefined, address: undefined, demoOnNetwork: 'refuse' });
    expect(parseConfig({ HOST: '0.0.0.0', DEMO_ON_NETWORK: 'allow', LANTERN_LISTEN_HOST: '0.0.0.0' }).listen).toEqual({
      host: '0.0.0.0',
      address: '0.0.0.0',
      demoOnNetwork: 'allow',
    });
    expect(() => parseConfig({ HOST: 'http://0.0.0.0' })).toThrow(/HOST must be an IP address or a host name/);
    expect(() => parseConfig({ DEMO_ON_NETWORK: 'yes' })).toThrow(/DEMO_ON_NETWORK/);
  });

  it("reads the company's time zone and currency, validated: Europe/Zurich and CHF unless set", () => {
    expect(parseConfig({}).business).toEqual({ timeZone: 'Europe/Zurich', currency: 'CHF' });
    expect(parseConfig({ LANTERN_TIME_ZONE: 'America/New_York', LANTERN_CURRENCY: 'USD' }).business).toEqual({ timeZone: 'America/New_York', currency: 'USD' });
    // Canonical spelling: what Intl and the ISO list call them.
    expect(parseConfig({ LANTERN_TIME_ZONE: ' europe/berlin ', LANTERN_CURRENCY: 'eur' }).business).toEqual({ timeZone: 'Europe/Berlin', currency: 'EUR' });
    expect(() => parseConfig({ LANTERN_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(
      'Invalid configuration: LANTERN_TIME_ZONE "Mars/Olympus_Mons" is not an IANA time zone such as Europe/Zurich or America/New_York',
    );
    expect(() => parseConfig({ LANTERN_TIME_ZONE: '+01:00' })).toThrow(/LANTERN_TIME_ZONE "\+01:00" is not an IANA time zone/);
    expect(() => parseConfig({ LANTERN_CURRENCY: 'XYZ' })).toThrow('Invalid configuration: LANTERN_CURRENCY must be an ISO 4217 currency code such as CHF, EUR or USD');
    expect(() => parseConfig({ LANTERN_CURRENCY: 'francs' })).toThrow(/LANTERN_CURRENCY must be an ISO 4217 currency code/);
  });
});
