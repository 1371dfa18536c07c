import { describe, expect, it } from 'vitest';
import { documentIdFromUrl, parseWebUrl, slugFromUrl } from './url';

describe('web URLs', () => {
  it('accepts only http and https, without credentials, fragment dropped', () => {
    expect(parseWebUrl('https://example.com/a#b')?.href).toBe('https://example.com/a');
    expect(parseWebUrl('/x', 'http://example.com/a/b')?.href).toBe('http://example.com/x');
    for (const bad of ['file:///etc/passwd', 'data:text/html,hi', 'javascript:alert(1)', 'ftp://example.com/', 'https://user:pw@example.com/', 'not a url']) {
      expect(parseWebUrl(bad), bad).toBeNull();
    }
    expect(parseWebUrl(`https://example.com/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('derives a stable id: host (with port) and path without trailing slash', () => {
    expect(documentIdFromUrl('https://Example.com/help/router/')).toBe('example.com/help/router');
    expect(documentIdFromUrl('https://example.com/help/router')).toBe('example.com/help/router');
    expect(documentIdFromUrl('http://127.0.0.1:8080/')).toBe('127.0.0.1:8080');
    expect(documentIdFromUrl('https://example.com/search?q=a')).toBe('example.com/search?q=a');
  });

  it('derives a safe, bounded slug; lossy ones carry a hash so they stay apart', () => {
    expect(slugFromUrl('https://example.com/help/router-setup/')).toBe('help-router-setup');
    expect(slugFromUrl('https://example.com/help/router-setup.html')).toBe('help-router-setup');
    expect(slugFromUrl('https://example.com/')).toBe('home');
    const upper = slugFromUrl('https://example.com/Help/Router');
    const lower = slugFromUrl('https://example.com/help/router');
    expect(lower).toBe('help-router');
    expect(upper).toMatch(/^help-router-[0-9a-f]{8}$/);
    expect(slugFromUrl('https://example.com/hilfe/%C3%BCber-uns')).toMatch(/^hilfe-uber-uns-[0-9a-f]{8}$/);
    const long = slugFromUrl(`https://example.com/${'abc/'.repeat(60)}`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(slugFromUrl('https://example.com/%E2%9C%93')).toMatch(/^page-[0-9a-f]{8}$/);
  });
});
