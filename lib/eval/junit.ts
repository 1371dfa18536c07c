import { failureLines } from '@/lib/conversation-tests/failure-lines';
import type { DialogResult } from './dialogs';

/**
 * A JUnit XML report of conversation test cases, the format CI systems read: one test case per
 * conversation (named by its id, grouped by its group and language), failing with every check
 * that failed, turn by turn.
 */

// XML 1.0 allows tab, newline and carriage return among the control characters, nothing else.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\v\f\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One test case of the report: failed checks make it a failure; `error` (it could not run) an error; `skipped` says why it did not run. */
export type JunitCase = { name: string; classname: string; seconds?: number; failures: string[]; error?: string | null; skipped?: string | null };

export function dialogJunitCases(results: DialogResult[], seconds?: (result: DialogResult) => number): JunitCase[] {
  return results.map((r) => ({ name: r.id, classname: `${r.kind}.${r.lang}`, seconds: seconds?.(r), failures: failureLines(r.turns.map((turn) => ({ kind: 'turn' as const, ...turn }))) }));
}

export function junitReport(results: DialogResult[], { suite, seconds }: { suite: string; seconds?: (result: DialogResult) => number }): string {
  return junitXml(dialogJunitCases(results, seconds), { suite });
}

export function junitXml(cases: JunitCase[], { suite }: { suite: string }): string {
  const count = (f: (c: JunitCase) => boolean) => cases.filter(f).length;
  const errors = count((c) => Boolean(c.error));
  const skipped = count((c) => !c.error && Boolean(c.skipped));
  const failed = count((c) => !c.error && !c.skipped && c.failures.length > 0);
  const body = cases.map((c) => {
    const attributes = `name="${escapeXml(c.name)}" classname="${escapeXml(c.classname)}"${c.seconds === undefined ? '' : ` time="${c.seconds.toFixed(3)}"`}`;
    if (c.error) return [`    <testcase ${attributes}>`, `      <error message="${escapeXml(c.error)}" type="error"/>`, '    </testcase>'].join('\n');
    if (c.skipped) return [`    <testcase ${attributes}>`, `      <skipped message="${escapeXml(c.skipped)}"/>`, '    </testcase>'].join('\n');
    if (c.failures.length === 0) return `    <testcase ${attributes}/>`;
    return [
      `    <testcase ${attributes}>`,
      `      <failure message="${escapeXml(c.failures[0]!)}" type="check">${escapeXml(c.failures.join('\n'))}</failure>`,
      '    </testcase>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" tests="${cases.length}" failures="${failed}" errors="${errors}" skipped="${skipped}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failed}" errors="${errors}" skipped="${skipped}">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
