import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { openPostgres } from '../client';
import { testBackends } from '../test-databases';
import { acquireLease, clearLeases, findLeaseHolder, releaseLease, renewLease } from './leases';

const MINUTE = 60_000;

describe.each(testBackends())('leases on $name', ({ name, open }) => {
  let database: Database;
  const db = () => database.db;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await clearLeases(db());
  });

  it('gives a free lease to the first caller and refuses the second, naming the holder', async () => {
    const first = await acquireLease(db(), { name: 'ingest', holder: 'a', ttlMs: MINUTE });
    expect(first).toMatchObject({ acquired: true, lease: { name: 'ingest', holder: 'a' } });
    const second = await acquireLease(db(), { name: 'ingest', holder: 'b', ttlMs: MINUTE });
    expect(second.acquired).toBe(false);
    if (second.acquired) return;
    expect(second.current.holder).toBe('a');
    expect(second.current.heldForMs).toBeGreaterThanOrEqual(0);
    expect(second.current.heldForMs).toBeLessThan(MINUTE);
    // Not re-entrant: the same holder string is refused as well.
    expect((await acquireLease(db(), { name: 'ingest', holder: 'a', ttlMs: MINUTE })).acquired).toBe(false);
    // Leases are per name.
    expect((await acquireLease(db(), { name: 'other', holder: 'b', ttlMs: MINUTE })).acquired).toBe(true);
  });

  it('lets anyone take over a lease its holder let expire', async () => {
    await acquireLease(db(), { name: 'ingest', holder: 'dead', ttlMs: 0 });
    expect(await findLeaseHolder(db(), { name: 'ingest' })).toBeNull();
    const taken = await acquireLease(db(), { name: 'ingest', holder: 'b', ttlMs: MINUTE });
    expect(taken).toMatchObject({ acquired: true, lease: { holder: 'b' } });
    // The former holder can neither renew nor release it any more.
    expect(await renewLease(db(), { name: 'ingest', holder: 'dead', ttlMs: MINUTE })).toBe(false);
    expect(await releaseLease(db(), { name: 'ingest', holder: 'dead' })).toBe(false);
    expect((await findLeaseHolder(db(), { name: 'ingest' }))?.holder).toBe('b');
  });

  it('lets a successor take over a live lease from the holder it names, and no one else', async () => {
    await acquireLease(db(), { name: 'ingest', holder: 'console job 42 on instance a #1', ttlMs: MINUTE });
    expect((await acquireLease(db(), { name: 'ingest', holder: 'cli #2', ttlMs: MINUTE, takeOverFrom: 'console job 7 ' })).acquired).toBe(false);
    const taken = await acquireLease(db(), { name: 'ingest', holder: 'console job 42 on instance b #3', ttlMs: MINUTE, takeOverFrom: 'console job 42 ' });
    expect(taken).toMatchObject({ acquired: true, lease: { holder: 'console job 42 on instance b #3' } });
    expect(await renewLease(db(), { name: 'ingest', holder: 'console job 42 on instance a #1', ttlMs: MINUTE })).toBe(false);
  });

  it('is renewed and released by its holder only', async () => {
    await acquireLease(db(), { name: 'ingest', holder: 'a', ttlMs: 0 });
    expect(await renewLease(db(), { name: 'ingest', holder: 'b', ttlMs: MINUTE })).toBe(false);
    // Expired but not taken: still a's to renew, and then live again.
    expect(await renewLease(db(), { name: 'ingest', holder: 'a', ttlMs: MINUTE })).toBe(true);
    expect((await findLeaseHolder(db(), { name: 'ingest' }))?.holder).toBe('a');
    expect((await acquireLease(db(), { name: 'ingest', holder: 'b', ttlMs: MINUTE })).acquired).toBe(false);

    expect(await releaseLease(db(), { name: 'ingest', holder: 'b' })).toBe(false);
    expect((await findLeaseHolder(db(), { name: 'ingest' }))?.holder).toBe('a');
    expect(await releaseLease(db(), { name: 'ingest', holder: 'a' })).toBe(true);
    expect(await findLeaseHolder(db(), { name: 'ingest' })).toBeNull();
    expect((await acquireLease(db(), { name: 'ingest', holder: 'b', ttlMs: MINUTE })).acquired).toBe(true);
  });

  it.runIf(name === 'postgres')('goes to exactly one of many processes racing for it', async () => {
    // Separate connection pools, as separate processes would have.
    const others = await Promise.all(Array.from({ length: 5 }, () => openPostgres({ url: database.url!, max: 1 })));
    try {
      const results = await Promise.all(others.map((o, i) => acquireLease(o.db, { name: 'ingest', holder: `p${i}`, ttlMs: MINUTE })));
      const winners = results.filter((r) => r.acquired);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!.acquired ? winners[0]!.lease.holder : '';
      for (const r of results) if (!r.acquired) expect(r.current.holder).toBe(winner);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });
});
