/**
 * A Map shared by every copy of a module in this process. Next bundles a module once per route
 * (and once more for the startup hook), each copy with its own module-level state: a cache filled
 * while warming up at startup would stay empty for the routes that answer customers. Held on
 * globalThis under a registered symbol, one per name.
 */
export function processMap<K, V>(name: string): Map<K, V> {
  return processValue(`map.${name}`, () => new Map<K, V>());
}

/** A cache of at most a given number of entries: when full, a new entry replaces the oldest. */
export type BoundedCache<K, V> = {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  readonly size: number;
};

/**
 * A process-wide cache (see processMap) of at most `limit` entries, the oldest going first when it
 * is full: the same passages and words come back answer after answer, and the bound only guards
 * against floods of made-up text.
 */
export function processCache<K, V>(name: string, limit: number): BoundedCache<K, V> {
  const map = processMap<K, V>(name);
  return {
    get: (key) => map.get(key),
    set: (key, value) => {
      if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value as K);
      map.set(key, value);
    },
    get size() {
      return map.size;
    },
  };
}

/**
 * One value shared by every copy of a module in this process, made by the first copy that asks
 * (chrono's compiled parsers, the passage-row caches), held on globalThis under a registered
 * symbol, one per name.
 */
export function processValue<T>(name: string, make: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`lantern.value.${name}`);
  holder[key] ??= make();
  return holder[key] as T;
}
