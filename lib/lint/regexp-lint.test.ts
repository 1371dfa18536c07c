import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint configuration rejects regular expressions with super-linear worst cases: a visitor's
 * message runs through dozens of them, and one that backtracks freezes the server for everyone.
 */

const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function lint(code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'lib/example.ts') });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, severity: m.severity }));
}

describe('regular expression lint', () => {
  it('reports exponential backtracking as an error', async () => {
    const messages = await lint(`export const bad = (s: string) => /(a+)+$/.test(s);\n`);
    expect(messages).toContainEqual({ ruleId: 'regexp/no-super-linear-backtracking', severity: 2 });
  });

  it('reports a quadratic move as an error', async () => {
    const messages = await lint(`export const trimEnd = (s: string) => s.replace(/\\s+$/, '');\n`);
    expect(messages).toContainEqual({ ruleId: 'regexp/no-super-linear-move', severity: 2 });
  });

  it('accepts linear expressions', async () => {
    const messages = await lint(`export const good = (s: string) => /^a+$/.test(s) && /^(?:ab)+$/.test(s);\n`);
    expect(messages).toEqual([]);
  });
}, 60_000);
