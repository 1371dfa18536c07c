/**
 * JSON Pointers (RFC 6901), the way a connector names a value in a response: "/order/status",
 * "/items/0/name"; "" is the whole document. Only own properties are followed, so a pointer never
 * reaches into an object's prototype.
 */

/** Whether `pointer` is a well-formed JSON Pointer ("" or "/…", "~" only as "~0" or "~1"). */
export function isJsonPointer(pointer: string): boolean {
  if (pointer === '') return true;
  if (!pointer.startsWith('/')) return false;
  for (let i = 0; i < pointer.length; i++) {
    if (pointer[i] === '~' && pointer[i + 1] !== '0' && pointer[i + 1] !== '1') return false;
  }
  return true;
}

/** The value `pointer` names in `document`, or undefined when there is none (or the pointer is malformed). */
export function resolveJsonPointer(document: unknown, pointer: string): unknown {
  if (!isJsonPointer(pointer)) return undefined;
  if (pointer === '') return document;
  let current: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) {
      if (!/^(?:0|[1-9]\d*)$/.test(token)) return undefined;
      const index = Number(token);
      if (index >= current.length) return undefined;
      current = current[index];
    } else if (current !== null && typeof current === 'object') {
      if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
      current = (current as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return current;
}
