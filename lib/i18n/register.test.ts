import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { de } from './messages/de';
import { fr } from './messages/fr';
import { it as italian } from './messages/it';

/**
 * One register per language (issue 16): the customer is addressed formally everywhere — German
 * "Sie", French "vous", Italian "Lei" (Lei/Suo/La/Le, "Riavvii", not the informal "tu" nor the
 * plural "voi"). This scans what customers read for the informal forms: the site's messages, the
 * chat's own sentences (fixed replies, account phrasing, answer frames, the widget's labels), the
 * golden answers and the help articles. Customers' own words (intent rules, test questions,
 * suggested questions) are not scanned: they may be informal.
 */

type Lang = 'de' | 'fr' | 'it';
const LANGS: readonly Lang[] = ['de', 'fr', 'it'];
const ROOT = path.resolve(__dirname, '../..');

/** A whole word (letters on neither side, accented ones included), case-insensitive. */
const words = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${list})(?![\\p{L}\\p{N}_])`, 'iu');

/** Informal pronouns and possessives, and for Italian the plural "voi" register and "tu" verb forms. */
const INFORMAL: Record<Lang, RegExp[]> = {
  de: [words('du|dich|dir|dein|deine|deinem|deinen|deiner|deines|euch|euer|eure|eurem|euren|eurer|eures')],
  fr: [
    words('tu|te|toi|ta|tes'),
    // "ton" the possessive, not the noun ("le ton", "un ton", a table's "Ton" row).
    /(?<![\p{L}\p{N}_])(?<!(?:le|un|du|au|ce) )ton(?![\p{L}\p{N}_])(?! *\|)/iu,
    /(?<![\p{L}\p{N}_])t['’](?=\p{L})/iu,
  ],
  it: [
    words('tu|ti|te|teco|tuo|tua|tuoi|tue'),
    words('voi|vostro|vostra|vostri|vostre'),
    words('puoi|hai|vuoi|devi|stai|fai|sai'),
    words('aiutarti|contattarti|chiamarti|richiamarti|risponderti|raggiungerti|scriverti|mostrarti|inviarti|aiutarvi|contattarvi|chiamarvi|richiamarvi|rispondervi|raggiungervi|scrivervi|mostrarvi|inviarvi|comunicarvi'),
  ],
};

/**
 * Informal Italian imperatives where a command starts (a text, a sentence, a bold button name):
 * "Riprova", "Clicca su…", "usate **Parla con una persona**". Buttons and links use the infinitive
 * ("Riprovare", "Parlare con una persona"), sentences the Lei form ("Riprovi"). Only for the site's
 * and the chat's own texts: articles quote the app's menu items ("Casa > Riavvia Box").
 */
const IMPERATIVES_IT = new RegExp(
  `(?:^|[.!?:;]\\s|\\*\\*)(?:${[
    'Vai', 'Apri', 'Chiudi', 'Clicca', 'Premi', 'Tocca', 'Inserisci', 'Scegli', 'Seleziona', 'Riavvia', 'Contatta', 'Verifica',
    'Controlla', 'Prova', 'Riprova', 'Chiedi', 'Scrivi', 'Descrivi', 'Attendi', 'Accedi', 'Esci', 'Cerca', 'Invia', 'Annulla',
    'Torna', 'Mostra', 'Richiedi', 'Parla', 'Approva', 'Rifiuta', 'Sfoglia', 'Interrompi', 'Usa', 'Testa', 'Spegni', 'Accendi',
  ].join('|')})(?![\\p{L}\\p{N}_])`,
  'u',
);

type Text = { where: string; lang: Lang; text: string };
type Finding = { where: string; lang: Lang; found: string; text: string };

function informalIn({ where, lang, text }: Text, imperatives: boolean): Finding[] {
  const patterns = imperatives && lang === 'it' ? [...INFORMAL[lang], IMPERATIVES_IT] : INFORMAL[lang];
  return patterns.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [{ where, lang, found: match[0].trim(), text: text.length > 160 ? `${text.slice(0, 160)}…` : text }] : [];
  });
}

/** Every string of a messages object: strings, lists, nested groups, and what its functions return. */
function messageTexts(value: unknown, where: string, lang: Lang): Text[] {
  if (typeof value === 'string') return [{ where, lang, text: value }];
  if (typeof value === 'function') return messageTexts((value as (...args: unknown[]) => unknown)(2, '…'), where, lang);
  if (Array.isArray(value)) return value.flatMap((v, i) => messageTexts(v, `${where}[${i}]`, lang));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => messageTexts(v, `${where}.${k}`, lang));
  return [];
}

/** The chat's own sentences: every file of the account phrasing, and the fixed replies, frames and labels. */
function chatTableFiles(): string[] {
  const phrasing = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return phrasing(file);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'testing.ts' ? [file] : [];
    });
  return [...phrasing('lib/actions/phrasing'), 'lib/rag/replies.ts', 'lib/ai/local/phrases.ts', 'lib/chat/held-conversation.ts', 'public/widget.js'];
}

const isLang = (name: string): name is Lang => (LANGS as readonly string[]).includes(name);

/**
 * The string and template literals under each language's entry of a file: `it: '…'`, `it: { … }`,
 * `exact('…', { de: '…', fr: '…', it: '…' })`, `case 'it': return …`. A template's expressions
 * become "{}" so that the words on either side stay apart.
 */
function tableTexts(file: string): Text[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: Text[] = [];
  const collect = (node: ts.Node, lang: Lang) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push({ where: `${file}:${line}`, lang, text: node.text });
    else if (ts.isTemplateExpression(node)) texts.push({ where: `${file}:${line}`, lang, text: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('{}') });
    ts.forEachChild(node, (child) => collect(child, lang));
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && isLang(node.name.text)) {
      collect(node.initializer, node.name.text);
      return;
    }
    if (ts.isCaseClause(node) && ts.isStringLiteral(node.expression) && isLang(node.expression.text)) {
      const lang = node.expression.text;
      node.statements.forEach((statement) => collect(statement, lang));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The answers of the golden sets (answered verbatim), with each one's language. */
function goldenTexts(): Text[] {
  const files = [
    ...fs.readdirSync(path.join(ROOT, 'content/golden')).filter((f) => f.endsWith('.jsonl')).map((f) => `content/golden/${f}`),
    ...fs.readdirSync(path.join(ROOT, 'content/golden/heldout')).filter((f) => f.endsWith('.jsonl')).map((f) => `content/golden/heldout/${f}`),
    'content/seed/golden-answers.jsonl',
  ];
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        const item = JSON.parse(line) as { id: string; lang: string; answer?: string };
        return isLang(item.lang) && item.answer ? [{ where: `${file} ${item.id}`, lang: item.lang, text: item.answer }] : [];
      }),
  );
}

/** The help articles in German, French and Italian, paragraph by paragraph. */
function articleTexts(): Text[] {
  return LANGS.flatMap((lang) =>
    fs
      .readdirSync(path.join(ROOT, 'content/articles', lang))
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => {
        const file = `content/articles/${lang}/${f}`;
        return fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .split(/\n\s*\n/)
          .map((text) => ({ where: file, lang, text }));
      }),
  );
}

describe('one register per language: formal address (Sie, vous, Lei)', () => {
  it('in the site’s and the chat’s UI messages', () => {
    const texts = [...messageTexts(de, 'de', 'de'), ...messageTexts(fr, 'fr', 'fr'), ...messageTexts(italian, 'it', 'it')];
    expect(texts.length).toBeGreaterThan(400);
    expect(texts.flatMap((t) => informalIn(t, true))).toEqual([]);
  });

  it('in the chat’s own sentences (fixed replies, account phrasing, answer frames, widget labels)', () => {
    const texts = chatTableFiles().flatMap(tableTexts);
    for (const lang of LANGS) expect(texts.filter((t) => t.lang === lang).length).toBeGreaterThan(150);
    expect(texts.flatMap((t) => informalIn(t, true))).toEqual([]);
  });

  it('in the golden answers', () => {
    const texts = goldenTexts();
    for (const lang of LANGS) expect(texts.filter((t) => t.lang === lang).length).toBeGreaterThan(20);
    expect(texts.flatMap((t) => informalIn(t, false))).toEqual([]);
  });

  it('in the help articles', () => {
    const texts = articleTexts();
    for (const lang of LANGS) expect(texts.filter((t) => t.lang === lang).length).toBeGreaterThan(300);
    expect(texts.flatMap((t) => informalIn(t, false))).toEqual([]);
  });

  it('recognises the informal forms it looks for', () => {
    const flags = (lang: Lang, text: string, imperatives = true) => informalIn({ where: 'example', lang, text }, imperatives).length > 0;
    expect(flags('de', 'Starte deine Box neu, dann melde dich.')).toBe(true);
    expect(flags('de', 'Starten Sie Ihre Box neu, dann melden Sie sich.')).toBe(false);
    expect(flags('fr', 'Redémarre ta box, puis reconnecte-toi.')).toBe(true);
    expect(flags('fr', 'Ton compte est bloqué.')).toBe(true);
    expect(flags('fr', "Vous êtes à l'étranger ? Redémarrez votre box, puis reconnectez-vous. Le ton du message est urgent.")).toBe(false);
    expect(flags('it', 'Riavvia il tuo modem.')).toBe(true);
    expect(flags('it', 'Riprova')).toBe(true);
    expect(flags('it', 'Il nostro team può aiutarvi: usate **Parla con una persona** qui sotto.')).toBe(true);
    expect(flags('it', 'Riavvii il Suo modem. Il sistema verifica la linea; può aiutarLa anche il tecnico.')).toBe(false);
    expect(flags('it', 'Riprovare')).toBe(false);
  });
});
