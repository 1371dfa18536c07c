import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { createAnswerDeps, goldenMatchThreshold } from '@/lib/chat/answer-deps';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { listGoldenAnswerVersions } from '@/lib/db/queries/golden-answer-versions';
import { findGoldenAnswer, listGoldenAnswersMatching, listGoldenTags, searchGoldenAnswers } from '@/lib/db/queries/golden-answers';
import { getSetting, setSetting } from '@/lib/db/queries/settings';
import { dropCachedReads } from '@/lib/db/read-cache';
import { createUser } from '@/lib/db/queries/users';
import { settings } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { answerTurn } from '@/lib/chat/engine';
import { bestGoldenMatch } from '@/lib/rag/golden';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { importGoldenJsonl } from './import';
import { changesOf } from './history';
import { parseGoldenJsonl, toGoldenJsonl } from './jsonl';
import { loadGoldenPage, parseGoldenListParams } from './list';
import { createGolden, deleteGolden, updateGolden } from './service';
import { getGoldenThreshold, resetGoldenThreshold, setGoldenThreshold } from './threshold';
import { rankGoldenMatches, tryGoldenQuestion } from './try-it';

const config = parseConfig({});

const line = (o: Record<string, unknown>) => JSON.stringify(o);
const golden = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  lang: 'en',
  question: `How do I restart my Box 5 (${id})?`,
  answer: `Hold the power button for one second (${id}).`,
  source_ids: ['restart-box5-en'],
  tags: ['modem'],
  ...extra,
});

describe.each(testBackends())('golden answers console on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  let expertId: string;
  let otherId: string;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
    expertId = (await createUser(database.db, { email: 'ex@example.com', name: 'Erika Expert', passwordHash: 'x', role: 'expert' })).id;
    otherId = (await createUser(database.db, { email: 'ad@example.com', name: 'Adam Admin', passwordHash: 'x', role: 'admin' })).id;
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('create, update, delete', () => {
    const input = { id: 'g-restart', lang: 'en', question: '  How do I restart my Box 5?  ', answer: 'Press the power button.\r\nWait ten seconds.', sourceIds: ['restart-box5-en'], tags: ['modem', 'modem', 'box5'] };

    it('creates a golden answer with a create version row, normalised', async () => {
      const result = await createGolden(database.db, { input, userId: expertId });
      expect(result).toMatchObject({ ok: true, changed: true, missingSources: [] });
      const stored = await findGoldenAnswer(database.db, { id: 'g-restart' });
      expect(stored).toMatchObject({ question: 'How do I restart my Box 5?', answer: 'Press the power button.\nWait ten seconds.', tags: ['modem', 'box5'], updatedBy: expertId });
      const versions = await listGoldenAnswerVersions(database.db, { goldenId: 'g-restart' });
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({
        action: 'create',
        before: null,
        after: { id: 'g-restart', lang: 'en', question: 'How do I restart my Box 5?', source_ids: ['restart-box5-en'], tags: ['modem', 'box5'] },
        changedBy: { id: expertId, name: 'Erika Expert', email: 'ex@example.com' },
      });
    });

    it('refuses a taken id, invalid fields and (unless confirmed) unknown article ids — writing nothing', async () => {
      const taken = await createGolden(database.db, { input, userId: expertId });
      expect(taken).toMatchObject({ ok: false, code: 'id_taken', fieldErrors: { id: expect.any(String) } });

      const invalid = await createGolden(database.db, { input: { id: 'Not A Slug', lang: 'es', question: 'hi', answer: ' ', sourceIds: [], tags: [] }, userId: expertId });
      expect(invalid.ok).toBe(false);
      if (invalid.ok || invalid.code !== 'invalid') throw new Error('expected invalid');
      expect(Object.keys(invalid.fieldErrors).sort()).toEqual(['answer', 'id', 'lang', 'question']);

      const reserved = await createGolden(database.db, { input: { ...input, id: 'new' }, userId: expertId });
      expect(reserved).toMatchObject({ ok: false, code: 'invalid', fieldErrors: { id: expect.stringMatching(/reserved/) } });

      const tooLong = await createGolden(database.db, { input: { ...input, id: 'g-long', question: 'x'.repeat(501), answer: 'y'.repeat(4001) }, userId: expertId });
      expect(tooLong).toMatchObject({ ok: false, code: 'invalid', fieldErrors: { question: expect.any(String), answer: expect.any(String) } });

      const missing = await createGolden(database.db, { input: { ...input, id: 'g-missing', sourceIds: ['restart-box5-en', 'no-such-article'] }, userId: expertId });
      expect(missing).toMatchObject({ ok: false, code: 'missing_sources', missingSources: ['no-such-article'] });
      expect(await findGoldenAnswer(database.db, { id: 'g-missing' })).toBeUndefined();
      expect(await listGoldenAnswerVersions(database.db, { goldenId: 'g-missing' })).toEqual([]);

      const confirmed = await createGolden(database.db, { input: { ...input, id: 'g-missing', sourceIds: ['no-such-article'] }, userId: expertId, allowMissingSources: true });
      expect(confirmed).toMatchObject({ ok: true, missingSources: ['no-such-article'] });
      expect(await deleteGolden(database.db, { id: 'g-missing', userId: expertId })).toMatchObject({ ok: true });
    });

    it('updates with an update version row holding before and after; an unchanged save writes nothing', async () => {
      const loaded = (await findGoldenAnswer(database.db, { id: 'g-restart' }))!;
      const result = await updateGolden(database.db, {
        id: 'g-restart',
        input: { ...input, lang: 'en', answer: 'Use the app: Home > Restart Box.', tags: ['modem'] },
        userId: otherId,
        expectedUpdatedAt: loaded.updatedAt,
      });
      expect(result).toMatchObject({ ok: true, changed: true });
      const versions = await listGoldenAnswerVersions(database.db, { goldenId: 'g-restart' });
      expect(versions.map((v) => v.action)).toEqual(['update', 'create']);
      expect(versions[0]).toMatchObject({
        before: { answer: 'Press the power button.\nWait ten seconds.', tags: ['modem', 'box5'] },
        after: { answer: 'Use the app: Home > Restart Box.', tags: ['modem'] },
        changedBy: { name: 'Adam Admin' },
      });

      const same = await updateGolden(database.db, { id: 'g-restart', input: { ...input, answer: 'Use the app: Home > Restart Box.', tags: ['modem'] }, userId: expertId });
      expect(same).toMatchObject({ ok: true, changed: false });
      expect(await listGoldenAnswerVersions(database.db, { goldenId: 'g-restart' })).toHaveLength(2);
    });

    it('turns an edit of a stale version into a conflict, and an edit of a missing answer into not_found', async () => {
      const stale = await updateGolden(database.db, { id: 'g-restart', input: { ...input, answer: 'Stale' }, userId: expertId, expectedUpdatedAt: new Date('2020-01-01') });
      expect(stale).toMatchObject({ ok: false, code: 'conflict' });
      expect((await findGoldenAnswer(database.db, { id: 'g-restart' }))!.answer).toBe('Use the app: Home > Restart Box.');
      expect(await updateGolden(database.db, { id: 'g-nope', input, userId: expertId })).toMatchObject({ ok: false, code: 'not_found' });
      expect(await listGoldenAnswerVersions(database.db, { goldenId: 'g-nope' })).toEqual([]);
    });

    it('deletes with a delete version row that keeps the text; the history outlives the answer', async () => {
      const result = await deleteGolden(database.db, { id: 'g-restart', userId: expertId });
      expect(result).toMatchObject({ ok: true });
      expect(await findGoldenAnswer(database.db, { id: 'g-restart' })).toBeUndefined();
      const versions = await listGoldenAnswerVersions(database.db, { goldenId: 'g-restart' });
      expect(versions.map((v) => v.action)).toEqual(['delete', 'update', 'create']);
      expect(versions[0]).toMatchObject({ before: { answer: 'Use the app: Home > Restart Box.' }, after: null, changedBy: { id: expertId } });
      expect(await deleteGolden(database.db, { id: 'g-restart', userId: expertId })).toMatchObject({ ok: false, code: 'not_found' });
    });
  });

  describe('JSONL import', () => {
    it('writes nothing when any line is invalid, and names every bad line with its reason', async () => {
      const text = [
        line(golden('imp-ok-1')),
        'this is not json',
        '',
        line(golden('imp-no-answer', { answer: undefined })),
        line(golden('Bad Id')),
        line(golden('imp-ok-1', { question: 'A duplicate id' })),
        line(golden('imp-lang', { lang: 'es' })),
        line(golden('imp-short', { question: 'x' })),
        '[1, 2]',
        line(golden('imp-ok-2')),
      ].join('\n');
      const result = await importGoldenJsonl(database.db, { text, userId: expertId });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors.map((e) => e.line)).toEqual([2, 4, 5, 6, 7, 8, 9]);
      const reasons = Object.fromEntries(result.errors.map((e) => [e.line, e.reason]));
      expect(reasons[2]).toMatch(/not valid JSON/);
      expect(reasons[4]).toMatch(/^answer: a golden answer needs an answer$/);
      expect(reasons[5]).toMatch(/^id: /);
      expect(reasons[6]).toMatch(/already on line 1/);
      expect(reasons[7]).toMatch(/^lang: /);
      expect(reasons[8]).toMatch(/^question: .*at least 3/);
      expect(reasons[9]).toMatch(/not a JSON object/);
      expect(await findGoldenAnswer(database.db, { id: 'imp-ok-1' })).toBeUndefined();
      expect(await findGoldenAnswer(database.db, { id: 'imp-ok-2' })).toBeUndefined();
      expect(await listGoldenAnswerVersions(database.db, { goldenId: 'imp-ok-1' })).toEqual([]);
    });

    it('rejects an empty file', () => {
      expect(parseGoldenJsonl('\n\n').errors).toEqual([{ line: 0, reason: 'the file holds no golden answers' }]);
    });

    it('imports a valid file in one go with import version rows; a re-import changes only what differs', async () => {
      const first = [line(golden('imp-a')), line(golden('imp-b', { lang: 'de', question: 'Wie starte ich die Box 5 neu?', source_ids: ['restart-box5-de'], tags: [] })), line(golden('imp-c', { source_ids: ['ghost-article'] }))].join('\r\n');
      const result = await importGoldenJsonl(database.db, { text: `\uFEFF${first}\n`, userId: expertId });
      expect(result).toMatchObject({ ok: true, created: ['imp-a', 'imp-b', 'imp-c'], updated: [], unchanged: [] });
      if (!result.ok) return;
      expect(result.warnings).toEqual([{ line: 3, id: 'imp-c', reason: 'no article with the id ghost-article' }]);
      expect(await listGoldenAnswerVersions(database.db, { goldenId: 'imp-a' })).toMatchObject([{ action: 'import', before: null, after: { id: 'imp-a' }, changedBy: { id: expertId } }]);

      const second = [line(golden('imp-a')), line(golden('imp-b', { lang: 'de', question: 'Wie starte ich die Box 5 neu?', answer: 'Neu', source_ids: ['restart-box5-de'], tags: [] }))].join('\n');
      const again = await importGoldenJsonl(database.db, { text: second, userId: otherId });
      expect(again).toMatchObject({ ok: true, created: [], updated: ['imp-b'], unchanged: ['imp-a'] });
      expect(await listGoldenAnswerVersions(database.db, { goldenId: 'imp-a' })).toHaveLength(1);
      const b = await listGoldenAnswerVersions(database.db, { goldenId: 'imp-b' });
      expect(b.map((v) => v.action)).toEqual(['import', 'import']);
      expect(b[0]).toMatchObject({ before: { answer: expect.stringContaining('imp-b') }, after: { answer: 'Neu' }, changedBy: { id: otherId } });
    });

    it('imports key facts with alternatives, shows a change of them in the history, and rejects an empty fact', async () => {
      const withFacts = line(golden('imp-facts', { facts: ['0.15', ['30 days', '30 Tage']] }));
      expect(await importGoldenJsonl(database.db, { text: withFacts, userId: expertId })).toMatchObject({ ok: true, created: ['imp-facts'] });
      expect((await findGoldenAnswer(database.db, { id: 'imp-facts' }))?.facts).toEqual(['0.15', ['30 days', '30 Tage']]);
      const changed = line(golden('imp-facts', { facts: ['0.15'] }));
      expect(await importGoldenJsonl(database.db, { text: changed, userId: expertId })).toMatchObject({ ok: true, updated: ['imp-facts'] });
      const [latest] = await listGoldenAnswerVersions(database.db, { goldenId: 'imp-facts' });
      expect(changesOf(latest!)).toEqual([{ field: 'facts', label: 'Key facts', before: '0.15; 30 days | 30 Tage', after: '0.15' }]);
      const { errors } = parseGoldenJsonl(line(golden('imp-bad-fact', { facts: ['  '] })));
      expect(errors).toEqual([{ line: 1, id: 'imp-bad-fact', reason: expect.stringContaining('a fact cannot be empty') }]);
      await deleteGolden(database.db, { id: 'imp-facts', userId: expertId });
    });

    it('exports the filtered set in the same format, which imports again unchanged', async () => {
      const rows = await listGoldenAnswersMatching(database.db, { filter: { q: 'imp-', lang: 'en' } });
      expect(rows.map((r) => r.id)).toEqual(['imp-a', 'imp-c']);
      const text = toGoldenJsonl(rows);
      expect(text.trim().split('\n').map((l) => Object.keys(JSON.parse(l)))).toEqual([
        ['id', 'lang', 'question', 'answer', 'source_ids', 'tags', 'facts'],
        ['id', 'lang', 'question', 'answer', 'source_ids', 'tags', 'facts'],
      ]);
      expect(await importGoldenJsonl(database.db, { text, userId: expertId })).toMatchObject({ ok: true, created: [], updated: [], unchanged: ['imp-a', 'imp-c'] });
    });
  });

  describe('list', () => {
    it('searches question and answer text, filters by language and tag, and pages by 25', async () => {
      const many = Array.from({ length: 30 }, (_, i) => line(golden(`page-${String(i).padStart(2, '0')}`, { tags: ['paging'], answer: i === 7 ? 'The 100% special_answer' : `Answer ${i}` })));
      expect(await importGoldenJsonl(database.db, { text: many.join('\n'), userId: expertId })).toMatchObject({ ok: true });

      const first = await loadGoldenPage(database.db, { params: parseGoldenListParams({ tag: 'paging' }) });
      expect(first.total).toBe(30);
      expect(first.pages).toBe(2);
      expect(first.items).toHaveLength(25);
      const second = await loadGoldenPage(database.db, { params: parseGoldenListParams({ tag: 'paging', page: '2' }) });
      expect(second.items).toHaveLength(5);
      expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(30);

      expect((await searchGoldenAnswers(database.db, { filter: { q: '100% SPECIAL_answer' }, limit: 25, offset: 0 })).items.map((i) => i.id)).toEqual(['page-07']);
      // % and _ are literal, not wildcards.
      expect((await searchGoldenAnswers(database.db, { filter: { q: '1%0' }, limit: 25, offset: 0 })).total).toBe(0);
      expect((await searchGoldenAnswers(database.db, { filter: { q: 'starte', lang: 'de' }, limit: 25, offset: 0 })).items.map((i) => i.id)).toEqual(['imp-b']);
      expect((await searchGoldenAnswers(database.db, { filter: { q: 'starte', lang: 'en' }, limit: 25, offset: 0 })).total).toBe(0);
      expect(await listGoldenTags(database.db)).toEqual(expect.arrayContaining(['modem', 'paging']));

      const links = first.items.find((i) => i.id === 'page-00')!.sources;
      expect(links).toEqual([{ id: 'restart-box5-en', broken: false, title: 'Restart your Alpenwave Box 5', url: '/articles/restart-box-5', internal: false }]);
      const broken = (await loadGoldenPage(database.db, { params: parseGoldenListParams({ q: 'imp-c' }) })).items[0]!.sources;
      expect(broken).toEqual([{ id: 'ghost-article', broken: true }]);
    });

    it('ignores malformed URL parameters', () => {
      expect(parseGoldenListParams({ q: ['a', 'b'], lang: 'xx', tag: '', page: '-3' })).toEqual({ q: 'a', lang: undefined, tag: undefined, page: 1 });
    });
  });

  describe('threshold', () => {
    it('falls back to the configuration, stores 0 as a real value, and the chat reads it for the next message', async () => {
      expect(await getGoldenThreshold(database.db, { configured: 0.8 })).toMatchObject({ value: 0.8, source: 'config', updatedBy: null });
      expect(await goldenMatchThreshold(database.db, config)).toBe(config.chat.goldenMatchThreshold);

      expect(await setGoldenThreshold(database.db, { value: '0', userId: expertId })).toEqual({ ok: true, value: 0 });
      expect(await getSetting(database.db, { key: 'golden_match_threshold' })).toBe(0);
      const stored = await getGoldenThreshold(database.db, { configured: 0.8 });
      expect(stored).toMatchObject({ value: 0, source: 'setting', updatedBy: { id: expertId, name: 'Erika Expert' } });
      expect(stored.updatedAt).toBeInstanceOf(Date);
      expect(await goldenMatchThreshold(database.db, config)).toBe(0);
      const deps = await createAnswerDeps(database.db, config);
      expect(deps.settings.goldenMatchThreshold).toBe(0);
      // Explicit overrides (the eval CLI switching golden answers off) still win.
      expect((await createAnswerDeps(database.db, config, { goldenMatchThreshold: 2 })).settings.goldenMatchThreshold).toBe(2);

      // With 0, any English question gets the best eligible English golden answer verbatim — one
      // about the Box 5 only answers questions about the Box 5.
      const answer = await answerTurn(deps, { question: 'What are the lights on the Box 5?', history: [], signedIn: false, locale: 'en' }, { text: () => {} });
      expect(answer.outcome).toBe('golden');
      const otherTopic = await answerTurn(deps, { question: 'What are the roaming prices in Europe?', history: [], signedIn: false, locale: 'en' }, { text: () => {} });
      expect(otherTopic.outcome).not.toBe('golden');
      expect(otherTopic.golden).toMatchObject({ used: 'no', reason: 'version_unknown' });

      expect(await setGoldenThreshold(database.db, { value: '0,95', userId: otherId })).toEqual({ ok: true, value: 0.95 });
      expect(await getGoldenThreshold(database.db, { configured: 0.8 })).toMatchObject({ value: 0.95, updatedBy: { name: 'Adam Admin' } });
      expect((await createAnswerDeps(database.db, config)).settings.goldenMatchThreshold).toBe(0.95);
    });

    it('rejects values outside 0–1 or with more than two decimals, keeping the old one', async () => {
      for (const bad of ['', '-0.1', '1.01', 'abc', '0.123', '1e-1', 'NaN']) {
        expect(await setGoldenThreshold(database.db, { value: bad, userId: expertId })).toMatchObject({ ok: false });
      }
      expect(await getSetting(database.db, { key: 'golden_match_threshold' })).toBe(0.95);
      await expect(setSetting(database.db, { key: 'golden_match_threshold', value: 3, updatedBy: null })).rejects.toThrow(/Invalid value/);
    });

    it('reads a stored value that does not fit the schema as unset, and a reset returns to the configuration', async () => {
      await database.db.update(settings).set({ value: 'high' });
      // A row edited outside the app is read within a few seconds (lib/db/read-cache.ts): here at once.
      dropCachedReads('settings');
      expect(await getSetting(database.db, { key: 'golden_match_threshold' })).toBeNull();
      expect(await goldenMatchThreshold(database.db, config)).toBe(config.chat.goldenMatchThreshold);
      await setGoldenThreshold(database.db, { value: '1', userId: expertId });
      await resetGoldenThreshold(database.db);
      expect(await getGoldenThreshold(database.db, { configured: 0.8 })).toMatchObject({ value: 0.8, source: 'config' });
    });
  });

  describe('try it', () => {
    it('scores with the chat’s matcher and predicts what the chat does', async () => {
      await createGolden(database.db, {
        input: { id: 'try-roaming', lang: 'en', question: 'How much does roaming cost in Europe?', answer: 'CHF 2.90 per day with Wave Mobile M.', sourceIds: ['roaming-en'], tags: [] },
        userId: expertId,
      });
      const question = 'how much does roaming cost in europe';
      const ranked = await rankGoldenMatches(database.db, { question, lang: 'en' });
      const best = await bestGoldenMatch(database.db, { question, lang: 'en' });
      expect(ranked[0]).toEqual({ id: best!.golden.id, question: best!.golden.question, score: best!.score });
      expect(ranked[0]!.id).toBe('try-roaming');

      const verbatim = await tryGoldenQuestion(await createAnswerDeps(database.db, config), { question, lang: 'en' });
      expect(verbatim).toMatchObject({ use: 'verbatim', threshold: config.chat.goldenMatchThreshold, best: { id: 'try-roaming', publicSources: 1 } });
      expect(verbatim.chat).toMatchObject({ outcome: 'golden', text: 'CHF 2.90 per day with Wave Mobile M.', golden: { id: 'try-roaming', used: 'verbatim' } });
      expect(verbatim.chat.citations).toEqual([{ title: 'Roaming charges in Europe', url: '/articles/roaming-charges-europe' }]);

      // The same question with a threshold above its score: the chat does not answer verbatim.
      await setGoldenThreshold(database.db, { value: '1', userId: expertId });
      const weaker = await tryGoldenQuestion(await createAnswerDeps(database.db, config), { question: 'How much does roaming in Europe cost per day?', lang: 'en' });
      expect(weaker.threshold).toBe(1);
      expect(weaker.chat.lang).toBe('en');
      expect(weaker.best!.score).toBeLessThan(1);
      expect(weaker.use).not.toBe('verbatim');
      expect(weaker.chat.outcome).not.toBe('golden');
      expect(weaker.chat.golden?.used ?? 'no').toBe(weaker.use === 'none' ? 'no' : 'source');
      // Whatever language the chat reads a question in, the prediction is what the chat then does.
      for (const [q, l] of [['roaming cost in Europe per day?', 'en'], ['How much does roaming cost in Europe?', 'de'], ['hello', 'en']] as const) {
        const tried = await tryGoldenQuestion(await createAnswerDeps(database.db, config), { question: q, lang: l });
        if (tried.chat.route === 'knowledge') expect(tried.matchLang).toBe(tried.chat.lang);
        expect({ q, used: tried.chat.golden?.used ?? 'no' }).toEqual({ q, used: { verbatim: 'verbatim', source: 'source', none: 'no' }[tried.use] });
      }
      await resetGoldenThreshold(database.db);

      const none = await tryGoldenQuestion(await createAnswerDeps(database.db, config), { question: 'Quanto costa il roaming?', lang: 'it' });
      expect(none).toMatchObject({ matches: [], best: null, use: 'none' });
    });
  });
});
