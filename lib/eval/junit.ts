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

function failures(result: DialogResult): string[] {
  return result.turns.flatMap((turn, i) =>
    turn.checks.filter((c) => !c.pass).map((c) => `turn ${i + 1} (“${turn.user.slice(0, 80)}”): ${c.check} failed — ${c.detail}`),
  );
}

export function junitReport(results: DialogResult[], { suite, seconds }: { suite: string; seconds?: (result: DialogResult) => number }): string {
  const failed = results.filter((r) => !r.allPass).length;
  const cases = results.map((r) => {
    const attributes = `name="${escapeXml(r.id)}" classname="${escapeXml(`${r.kind}.${r.lang}`)}"${seconds ? ` time="${seconds(r).toFixed(3)}"` : ''}`;
    const lines = failures(r);
    if (lines.length === 0) return `    <testcase ${attributes}/>`;
    return [
      `    <testcase ${attributes}>`,
      `      <failure message="${escapeXml(lines[0]!)}" type="check">${escapeXml(lines.join('\n'))}</failure>`,
      '    </testcase>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" tests="${results.length}" failures="${failed}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${results.length}" failures="${failed}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
