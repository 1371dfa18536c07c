/**
 * A Map shared by every copy of a module in this process. Next bundles a module once per route
 * (and once more for the startup hook), each copy with its own module-level state: a cache filled
 * while warming up at startup would stay empty for the routes that answer customers. Held on
 * globalThis under a registered symbol, one per name.
 */
export function processMap<K, V>(name: string): Map<K, V> {
  return processValue(`map.${name}`, () => new Map<K, V>());
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
