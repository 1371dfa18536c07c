import { describe, expect, it } from 'vitest';
import { isJsonPointer, resolveJsonPointer } from './json-pointer';

describe('JSON pointers', () => {
  const doc = JSON.parse('{"order":{"id":"A-1","items":[{"name":"Box"}],"a/b":1,"m~n":2,"empty":null},"__proto__":{"polluted":true}}');

  it('resolves objects, arrays and escaped tokens (RFC 6901)', () => {
    expect(resolveJsonPointer(doc, '/order/id')).toBe('A-1');
    expect(resolveJsonPointer(doc, '/order/items/0/name')).toBe('Box');
    expect(resolveJsonPointer(doc, '/order/a~1b')).toBe(1);
    expect(resolveJsonPointer(doc, '/order/m~0n')).toBe(2);
    expect(resolveJsonPointer(doc, '/order/empty')).toBeNull();
    expect(resolveJsonPointer(doc, '')).toBe(doc);
  });

  it('gives undefined for what is not there, and never walks a prototype', () => {
    for (const pointer of ['/order/eta', '/order/items/1', '/order/items/01', '/order/items/-', '/order/id/length', '/order/toString', '/order/constructor']) {
      expect(resolveJsonPointer(doc, pointer), pointer).toBeUndefined();
    }
    expect(resolveJsonPointer(doc, '/__proto__/polluted')).toBe(true); // an own "__proto__" key of parsed JSON is data
    expect(resolveJsonPointer({}, '/__proto__')).toBeUndefined();
  });

  it('tells a well-formed pointer', () => {
    for (const good of ['', '/', '/a/b', '/a~0~1']) expect(isJsonPointer(good), good).toBe(true);
    for (const bad of ['a', 'order/id', '/a~2', '/a~']) expect(isJsonPointer(bad), bad).toBe(false);
  });
});
