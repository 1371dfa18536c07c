import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A tiny help center on disk for ingest and search tests. */

/** A minimal one-page PDF with real text objects, so the PDF path is tested on a real file. */
export function minimalPdf(lines: string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 18} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const ARTICLES: Record<string, string> = {
  'en/restart-box5.md': `---
id: restart-box5-en
title: Restart your Alpenwave Box 5
url: restart-box-5
lang: en
product: internet
version: box5
audience: public
translation_of: restart-box5
---
Restarting fixes most connection problems.

## Restart from the menu

Open the web interface at 192.168.1.1 and choose System, then Restart. The status light blinks white for about two minutes.

## Restart with the power button

Press the power button on the back for one second, wait ten seconds, and press it again.
`,
  'de/box5-neu-starten.md': `---
id: restart-box5-de
title: Alpenwave Box 5 neu starten
url: box-5-neu-starten
lang: de
product: internet
version: box5
audience: public
translation_of: restart-box5
---
Ein Neustart behebt die meisten Verbindungsprobleme.

## Neustart über das Menü

Öffnen Sie die Weboberfläche unter 192.168.1.1 und wählen Sie System, dann Neustart. Die Statusanzeige blinkt etwa zwei Minuten lang weiss.
`,
  'en/roaming.md': `---
id: roaming-en
title: Roaming charges in Europe
url: roaming-charges-europe
lang: en
product: mobile
audience: public
---
In EU and EFTA countries, roaming costs CHF 2.90 per day for calls and data with Wave Mobile M.

## Turn roaming off

Go to Settings, Mobile data and switch off Data roaming.
`,
  'en/goodwill-credits.md': `---
id: goodwill-credits-en
title: Goodwill credit limits for agents
url: goodwill-credit-limits
lang: en
product: billing
audience: internal
---
Agents may grant a goodwill credit of up to CHF 50 per customer per year without approval. Larger credits need a team lead.
`,
  'guides/fibre-install.html': `<html lang="en"><head><title>Fibre installation guide</title></head>
<body><nav>Menu</nav><main><h2>Before the technician comes</h2><p>Clear access to the fibre socket (OTO box) in the living room.</p></main></body></html>`,
  'notes.txt': `# Opening hours

The shop in Bern is open Monday to Saturday from 9 to 18.`,
};

export function writeTestCorpus(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-corpus-'));
  for (const [file, content] of Object.entries(ARTICLES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  fs.mkdirSync(path.join(dir, 'manuals'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'manuals', 'box3-quick-start.pdf'), minimalPdf(['Alpenwave Box 3 quick start', 'Connect the grey DSL cable to the wall socket.']));
  return dir;
}

/** The demo articles about the two Box versions and roaming, in all four languages, with the shipped synonyms. */
export function writeBoxCorpus(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-box-'));
  const root = path.join(process.cwd(), 'content', 'articles');
  // The search synonyms ship with the articles (router/modem → Box).
  fs.copyFileSync(path.join(root, 'synonyms.txt'), path.join(dir, 'synonyms.txt'));
  for (const lang of fs.readdirSync(root).filter((entry) => fs.statSync(path.join(root, entry)).isDirectory())) {
    for (const file of fs.readdirSync(path.join(root, lang))) {
      const text = fs.readFileSync(path.join(root, lang, file), 'utf8');
      if (!/^version: box[35]$/m.test(text) && !/^id: roaming-zones/m.test(text)) continue;
      fs.mkdirSync(path.join(dir, lang), { recursive: true });
      fs.writeFileSync(path.join(dir, lang, file), text);
    }
  }
  return dir;
}
