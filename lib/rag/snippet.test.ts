import { describe, expect, it } from 'vitest';
import { plainText, snippet } from './snippet';

describe('snippet', () => {
  it('marks the query’s words, including inflected forms', () => {
    const parts = snippet('Your **invoice** arrives on the 1st. Invoices are due in 30 days.', 'invoice due', 'en');
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['invoice', 'Invoices', 'due']);
    expect(parts.map((p) => p.text).join('')).toBe('Your invoice arrives on the 1st. Invoices are due in 30 days.');
  });

  it('starts near the first match in a long passage', () => {
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(30)}The roaming fee is CHF 2.90 per day.`;
    const text = snippet(long, 'roaming fee', 'en').map((p) => p.text).join('');
    expect(text.startsWith('… ')).toBe(true);
    expect(text).toContain('roaming fee is CHF 2.90');
  });

  it('strips markdown, and keeps markup in the text as plain text', () => {
    expect(plainText('## Title\n\n- [Link](http://x) and `code` <script>alert(1)</script>')).toBe('Title Link and code <script>alert(1)</script>');
  });
});
