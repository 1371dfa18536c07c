import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs link only inside the repository: a reader on an offline machine (or a
 * fork) finds every target. Example and loopback addresses in text are fine; real outside
 * links and links to files that do not exist are not.
 */
const ROOT = path.resolve(__dirname, '..');
const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const PLACEHOLDER_HOSTS = /^(?:\*\.)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|HELP-HOST|(?:[\w-]+\.)*example(?:\.(?:com|org|net|ch))?|[\w-]+\.invalid)(?::\d+)?$/i;

function markdownLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe.each(DOCS)('%s', (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');

  it('links only to files in the repository (and anchors)', () => {
    const broken = markdownLinks(text)
      .filter((href) => !href.startsWith('#'))
      .filter((href) => {
        if (/^[a-z]+:/i.test(href)) return true; // any scheme: an outside link
        const target = path.resolve(path.dirname(path.join(ROOT, file)), href.split('#')[0]!);
        return !fs.existsSync(target);
      });
    expect(broken).toEqual([]);
  });

  it('names no outside address, only example and loopback hosts', () => {
    const hosts = [...text.matchAll(/\bhttps?:\/\/([^/\s`'")<>=,]+)/g)].map((m) => m[1]!);
    expect(hosts.filter((host) => !PLACEHOLDER_HOSTS.test(host))).toEqual([]);
  });
});
