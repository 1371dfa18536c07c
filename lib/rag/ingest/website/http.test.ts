import { describe, expect, it } from 'vitest';
import { decodeBody, formatBytes } from './http';

describe('decodeBody', () => {
  it('uses the charset of the header, else of <meta>, else UTF-8', () => {
    const latin1 = Uint8Array.from([...'<html><head><meta charset="iso-8859-1"></head><body>Gr'].map((c) => c.charCodeAt(0)).concat([0xfc, 0x65, 0x7a, 0x69]));
    expect(decodeBody(latin1, 'text/html')).toContain('Grüezi');
    expect(decodeBody(latin1, 'text/html; charset=windows-1252')).toContain('Grüezi');
    const utf8 = new TextEncoder().encode('<p>Grüezi</p>');
    expect(decodeBody(utf8, 'text/html')).toContain('Grüezi');
    expect(decodeBody(utf8, 'text/html; charset="utf-8"')).toContain('Grüezi');
    expect(decodeBody(utf8, 'text/html; charset=bogus-label')).toContain('Grüezi');
  });
});

describe('formatBytes', () => {
  it('says sizes the way people read them', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(10_000)).toBe('10 KB');
    expect(formatBytes(512)).toBe('512 bytes');
  });
});
