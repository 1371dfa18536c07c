import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './ingest/run';
import { articleStatingQuoted, quotedIdentifiers } from './quoted-identifiers';
import { publicDocumentTitles } from './title-match';

describe('quotedIdentifiers', () => {
  it('reads versions, addresses and codes of letters and digits', () => {
    expect(quotedIdentifiers('Checked and it says 5.4.1. Can I get the newer one?')).toEqual(['5.4.1']);
    expect(quotedIdentifiers('I typed 192.168.0.1 and got error E305')).toEqual(['192.168.0.1', 'e305']);
    expect(quotedIdentifiers('Mein Laptop kann nur WPA2')).toEqual(['wpa2']);
  });

  it('leaves out plain numbers, decimals, and numbers with a unit or an ordinal', () => {
    expect(quotedIdentifiers('I waited 30 minutes on 2.4 GHz, used 10GB by the 1st, 24h later')).toEqual([]);
    expect(quotedIdentifiers('CHF 29.90 per month on the Box 5')).toEqual([]);
  });
});

const article = (o: { id: string; lang: string; version?: string; audience?: string; group?: string; title: string; body: string }) => `---
id: ${o.id}
title: ${o.title}
url: ${o.id}
lang: ${o.lang}
${o.version ? `version: ${o.version}\n` : ''}audience: ${o.audience ?? 'public'}
${o.group ? `translation_of: ${o.group}\n` : ''}---
${o.body}
`;

const CORPUS: Record<string, string> = {
  'en/wifi.md': article({ id: 'wifi-en', lang: 'en', title: 'Wi-Fi keeps dropping', body: 'Restart the Box. On the Box 5, make sure the firmware is 5.4.2. Use WPA3 where you can.' }),
  'en/firmware-box5.md': article({
    id: 'firmware-box5-en', lang: 'en', version: 'box5', group: 'firmware-box5', title: 'Firmware updates on the Box 5',
    body: '## Recent versions\n\n| Version | What changed |\n| --- | --- |\n| 5.4.1 | Security fixes |\n| 5.4.2 | Stability fixes |\n\nUse Check now to install it.',
  }),
  'de/firmware-box5.md': article({
    id: 'firmware-box5-de', lang: 'de', version: 'box5', group: 'firmware-box5', title: 'Firmware-Updates der Box 5',
    body: '## Neueste Versionen\n\n| Version | Was sich änderte |\n| --- | --- |\n| 5.4.1 | Sicherheitskorrekturen |\n| 5.4.2 | Stabilität |',
  }),
  'en/firmware-box3.md': article({ id: 'firmware-box3-en', lang: 'en', version: 'box3', group: 'firmware-box3', title: 'Firmware updates on the Box 3', body: 'The current version is 3.9.4.' }),
  'en/security.md': article({ id: 'security-en', lang: 'en', title: 'Secure your Wi-Fi', body: 'Choose WPA2 or WPA3 in the Wi-Fi settings.' }),
  'en/router-modes.md': article({ id: 'modes-en', lang: 'en', title: 'Bridge mode', body: 'Older routers only speak WPA2; newer ones WPA3.' }),
  'en/known-bug.md': article({ id: 'bug-en', lang: 'en', audience: 'internal', title: 'Known bug in 5.4.0', body: 'Firmware 5.4.0 drops smart plugs; error E305 in the log.' }),
};

describe.each(testBackends())('articleStatingQuoted on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const after = (question: string, extra: { followed?: string; version?: string; lang?: string } = {}) =>
    publicDocumentTitles(database.db).then((titles) =>
      articleStatingQuoted(database.db, titles, { question, followed: extra.followed ?? 'wifi-en', version: extra.version ?? 'box5', lang: extra.lang ?? 'en' }),
    );

  beforeAll(async () => {
    database = await open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-quoted-'));
    for (const [file, text] of Object.entries(CORPUS)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('follows the one article that states the version the followed one does not, in the customer’s language', async () => {
    expect(await after('Checked and it says 5.4.1. Can I get the newer one right now?')).toBe('firmware-box5-en');
    expect(await after('Da steht 5.4.1. Kann ich die neue gleich holen?', { lang: 'de' })).toBe('firmware-box5-de');
  });

  it('keeps the thread when the followed article states it, when nothing or several articles do', async () => {
    expect(await after('It says 5.4.2 already, what now?')).toBeUndefined();
    expect(await after('It says 5.4.1', { followed: 'firmware-box5-en' })).toBeUndefined();
    expect(await after('It says 7.7.7, what now?')).toBeUndefined();
    expect(await after('Should I restart it again?')).toBeUndefined();
    // WPA2: the security article and the bridge-mode article both state it.
    expect(await after('My printer only knows WPA2')).toBeUndefined();
  });

  it('counts neither internal articles nor another model’s', async () => {
    expect(await after('The log shows E305')).toBeUndefined();
    expect(await after('Mine says 3.9.4')).toBeUndefined();
    expect(await after('Mine says 3.9.4', { version: 'box3' })).toBe('firmware-box3-en');
  });
});
