import { describe, expect, it } from 'vitest';
import type { DialogResult } from './dialogs';
import { escapeXml, junitReport } from './junit';

const result = (id: string, pass: boolean): DialogResult => ({
  id,
  lang: 'de',
  kind: 'billing',
  ms: 1234,
  lastPass: pass,
  allPass: pass,
  turns: [
    {
      user: 'Was kostet <Roaming> & "so"?',
      seen: { text: '', outcome: 'answered', lang: 'de', cited: [], approvals: [], tools: [], handoffOffered: false, handoffOpened: false },
      checks: [{ check: 'facts', pass, detail: pass ? 'missing none' : 'missing CHF 0.15' }],
    },
  ],
});

describe('JUnit report', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`a<b>&"c"'d'\u0007`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;');
  });

  it('names each case, its group and language, its time, and every failed check with its turn', () => {
    const xml = junitReport([result('de-ok', true), result('de-bad', false)], { suite: 'conversations', seconds: (r) => (r.ms ?? 0) / 1000 });
    expect(xml).toContain('<testsuite name="conversations" tests="2" failures="1" errors="0" skipped="0">');
    expect(xml).toContain('<testcase name="de-ok" classname="billing.de" time="1.234"/>');
    expect(xml).toContain(
      '<failure message="turn 1 (“Was kostet &lt;Roaming&gt; &amp; &quot;so&quot;?”): facts failed — missing CHF 0.15" type="check">',
    );
  });
});
