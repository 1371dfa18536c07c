import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('FRAME_ANCESTORS', () => {
  it("defaults to 'self'", () => {
    expect(parseConfig({}).frameAncestors).toBe("'self'");
  });

  it("takes 'none', or 'self' and origins (with subdomain wildcards), normalising the spacing", () => {
    expect(parseConfig({ FRAME_ANCESTORS: "'none'" }).frameAncestors).toBe("'none'");
    expect(parseConfig({ FRAME_ANCESTORS: "  'self'   https://partner.example  https://*.shop.example:8443 http://localhost:3000 " }).frameAncestors).toBe(
      "'self' https://partner.example https://*.shop.example:8443 http://localhost:3000",
    );
  });

  it.each([
    ['a directive break', "'self'; script-src *"],
    ['a bare wildcard', '*'],
    ['a scheme source', 'https:'],
    ['a path', 'https://partner.example/embed'],
    ['credentials', 'https://user@partner.example'],
    ["'none' with others", "'none' https://partner.example"],
    ['an unquoted keyword', 'self'],
    ['a mid-host wildcard', 'https://a.*.example'],
    ['another scheme', 'javascript://x'],
  ])('refuses %s, naming the variable', (_, value) => {
    expect(() => parseConfig({ FRAME_ANCESTORS: value })).toThrow(/FRAME_ANCESTORS must be 'self', 'none', or space-separated origins/);
  });
});
