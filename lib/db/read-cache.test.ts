import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { shareCaches } from './cache-key';
import { afterWrite, cachedRead, dropCachedReads, RECHECK_MS } from './read-cache';

/** Stand-ins for database handles: the cache only uses them as keys. */
const handle = () => ({}) as Db;

function counter(values: unknown[] = []) {
  let calls = 0;
  const load = async () => {
    calls++;
    return values.length > 0 ? values.shift() : calls;
  };
  return { load, calls: () => calls };
}

describe('cachedRead', () => {
  it('reads once for the messages of a few seconds, then again', async () => {
    const db = handle();
    const { load, calls } = counter();
    let now = 1_000;
    const clock = () => now;
    expect(await cachedRead(db, 'golden', 'en', load, clock)).toBe(1);
    now += RECHECK_MS - 1;
    expect(await cachedRead(db, 'golden', 'en', load, clock)).toBe(1);
    expect(calls()).toBe(1);
    now += 1;
    expect(await cachedRead(db, 'golden', 'en', load, clock)).toBe(2);
    expect(calls()).toBe(2);
  });

  it('shares one read between concurrent messages', async () => {
    const db = handle();
    const { load, calls } = counter();
    const results = await Promise.all(Array.from({ length: 20 }, () => cachedRead(db, 'plans', 'catalog', load)));
    expect(new Set(results)).toEqual(new Set([1]));
    expect(calls()).toBe(1);
  });

  it('runs a query builder once: it runs its query again each time it is awaited', async () => {
    const db = handle();
    let runs = 0;
    // Drizzle's query builders are thenables like this one.
    const query: PromiseLike<string[]> = { then: (resolve, reject) => Promise.resolve([`run ${++runs}`]).then(resolve, reject) };
    for (let i = 0; i < 3; i++) expect(await cachedRead(db, 'settings', 'thenable', () => query)).toEqual(['run 1']);
    expect(runs).toBe(1);
  });

  it('keeps reads apart per database, per kind and per key', async () => {
    const [a, b] = [handle(), handle()];
    const { load, calls } = counter();
    await cachedRead(a, 'golden', 'en', load);
    await cachedRead(b, 'golden', 'en', load);
    await cachedRead(a, 'golden', 'de', load);
    await cachedRead(a, 'settings', 'en', load);
    expect(calls()).toBe(4);
  });

  it('reads again at once after a write of its kind, on every database and transaction handle', async () => {
    const db = handle();
    const tx = handle();
    shareCaches(tx, db);
    const golden = counter(['before', 'after']);
    const settings = counter(['kept']);
    expect(await cachedRead(tx, 'golden', 'en', golden.load)).toBe('before');
    expect(await cachedRead(db, 'golden', 'en', golden.load)).toBe('before');
    await cachedRead(db, 'settings', 'k', settings.load);
    dropCachedReads('golden');
    expect(await cachedRead(db, 'golden', 'en', golden.load)).toBe('after');
    expect(await cachedRead(db, 'settings', 'k', settings.load)).toBe('kept');
    expect(settings.calls()).toBe(1);
  });

  it('drops a kind again once a transaction writing it has ended, committed or not', async () => {
    const db = handle();
    const plans = counter(['during', 'after commit', 'after rollback']);
    let commit!: () => void;
    const transaction = afterWrite('plans', new Promise<void>((resolve) => (commit = resolve)));
    // A message read while the transaction was open sees the plans as they were.
    expect(await cachedRead(db, 'plans', 'catalog', plans.load)).toBe('during');
    commit();
    await transaction;
    expect(await cachedRead(db, 'plans', 'catalog', plans.load)).toBe('after commit');
    await expect(afterWrite('plans', Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back');
    expect(await cachedRead(db, 'plans', 'catalog', plans.load)).toBe('after rollback');
  });

  it('does not keep a read that was under way when a write dropped its kind', async () => {
    const db = handle();
    let release!: (value: string) => void;
    const slow = cachedRead(db, 'golden', 'fr', () => new Promise<string>((resolve) => (release = resolve)));
    dropCachedReads('golden');
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cachedRead(db, 'golden', 'fr', async () => 'fresh')).toBe('fresh');
  });

  it('does not keep a failed read', async () => {
    const db = handle();
    await expect(cachedRead(db, 'settings', 'x', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cachedRead(db, 'settings', 'x', async () => 'back')).toBe('back');
  });
});
