import { readFileSync } from 'node:fs';
import * as P from '@/lib/actions/phrasing';
import { detectLanguage } from '@/lib/rag/language';
const d = JSON.parse(readFileSync('/tmp/phr/real.json', 'utf8')) as Record<string, { ok: boolean; value?: unknown; reason?: string }>;
const langs = (process.argv[3] ?? 'de').split(',') as ('en' | 'de' | 'fr' | 'it')[];
const filter = process.argv[2] ?? '';
for (const [k, v] of Object.entries(d)) {
  if (!k.includes(filter)) continue;
  for (const lang of langs) {
    let text: string;
    if (!v.ok) text = P.describeRefusal(v as never, lang);
    else if (k.startsWith('read')) text = P.describeReadResult(k.split(' ')[1] as never, v.value, lang);
    else {
      const tool = k.split(' ')[1] as never;
      text = JSON.stringify(P.localizePreview(tool, v.value as never, lang), null, 1);
    }
    const det = detectLanguage(text.replace(/[0-9]/g, ''));
    console.log(`==== ${k} [${lang}] ${det}${det !== lang ? ' <<<<<<<<< MISMATCH' : ''}\n${text}\n`);
  }
}
