import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

const SECRET = 'a-shared-secret-of-at-least-32-chars!';

describe('WIDGET_SITES', () => {
  it('defaults to no site: nobody may embed the widget', () => {
    expect(parseConfig({}).widget.sites).toEqual([]);
  });

  it('takes origins separated by spaces or commas, each with an optional secret', () => {
    expect(parseConfig({ WIDGET_SITES: ` https://www.example.com,http://127.0.0.1:4417=${SECRET}  https://portal.example.com ` }).widget.sites).toEqual([
      { origin: 'https://www.example.com', secret: undefined },
      { origin: 'http://127.0.0.1:4417', secret: SECRET },
      { origin: 'https://portal.example.com', secret: undefined },
    ]);
  });

  it.each([
    ['a path', 'https://www.example.com/help'],
    ['a wildcard', 'https://*.example.com'],
    ['a keyword', "'self'"],
    ['another scheme', 'javascript://x'],
    ['a bare host', 'www.example.com'],
  ])('refuses %s, naming the variable', (_, value) => {
    expect(() => parseConfig({ WIDGET_SITES: value })).toThrow(/WIDGET_SITES .* is not an origin/);
  });

  it('refuses a short secret without echoing it', () => {
    let message = '';
    try {
      parseConfig({ WIDGET_SITES: 'https://www.example.com=tooshort-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/WIDGET_SITES the secret of https:\/\/www.example.com must be at least 32 characters/);
    expect(message).not.toContain('tooshort-secret');
  });
});
