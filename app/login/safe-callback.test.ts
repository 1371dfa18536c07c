import { describe, expect, it } from 'vitest';
import { safeCallbackUrl } from './safe-callback';

describe('safeCallbackUrl', () => {
  it('keeps same-site paths', () => {
    expect(safeCallbackUrl('/admin')).toBe('/admin');
    expect(safeCallbackUrl('/admin/golden?q=1')).toBe('/admin/golden?q=1');
  });

  it('drops anything that could leave the site', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42]) {
      expect(safeCallbackUrl(bad)).toBeUndefined();
    }
  });
});
