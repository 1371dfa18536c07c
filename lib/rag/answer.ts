import type { RerankingModelV4 } from '@ai-sdk/provider';
import { timeStage, turnStartedAt } from '@/lib/observability/stage-times';
import type { LanguageModel } from 'ai';
import { contentTerms } from '@/lib/ai/local/text';
import { toDeltas } from '@/lib/ai/local/language-model';
import type { Embedder } from '@/lib/ai/models';
import type { AnswerOutcome, Citation } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { findSameLanguageVersions } from '@/lib/db/queries/documents';
import type { Locale } from '@/lib/i18n/locales';
import { describeError, generate, usageCost, type Generation, type ModelChoice } from './generate';
import { bestGoldenMatch, type GoldenMatch } from './golden';
import { systemPrompt, userPrompt } from './prompt';
import { isAvailabilityQuestion } from './question-kind';
import { REPLIES } from './replies';
import { retrieve } from './retrieve';
import { articleTitledBy, publicDocumentTitles, titledArticle } from './title-match';
import { threadArticle } from './thread-article';
import { articleStatingQuoted } from './quoted-identifiers';
import { widenQuestion } from './widen-question';
import { documentPassages, uniqueDocuments, type SearchHit, type SearchWeights } from './search';
import { selectPassages, versionChoice } from './select-sources';
import { articleUrl, buildSources, toCitation, type GoldenSource } from './sources';
import type { TermStats } from './term-stats';
import { mentionedVersion, prettyVersion } from './versions';

export type { ModelChoice } from './generate';

/**
 * The grounded answer to one standalone question, in named stages: golden match → retrieve →
 * select (or ask which version) → generate → check citations (inside the generate stream). The
 * turn engine (lib/chat/engine.ts) decides the language, the standalone question and the version
 * before this runs; this answers from the help center only, and knows nothing of accounts.
 */

export type AnswerSettings = {
  search: SearchWeights;
  /** A golden question at least this similar is answered verbatim (0 = always the best eligible one). */
  goldenMatchThreshold: number;
  /** A weaker golden match at least this similar is passed to the generator as a source. */
  goldenSourceThreshold: number;
  /** Passages handed to the generator. */
  maxSources: number;
  /** Ask which version (e.g. Box 3 or Box 5) when the best passages differ only by it. */
  clarifyVersions: boolean;
  /**
   * Pass only passages in the customer's language when there are any: for a generator that
   * quotes (the built-in model) rather than one that writes in the customer's language.
   */
  sameLanguageSources: boolean;
  /**
   * Hand the generator every passage of the best articles (this many), not only the passages
   * found: a generator that picks the passage to quote (the built-in model) then finds the steps
   * under the right heading, or the price table next to the zones table. 0: only what was found.
   */
  wholeArticles: number;
  /** Milliseconds to wait for the model's first token and between tokens. */
  modelTimeoutMs: number;
  /** Built-in model: share of the question's weighted words the quoted passage must cover… */
  minCoverage: number;
  /** …and the lower share that suffices when the best passage's rerank score reaches confidentRetrievalScore. */
  confidentMinCoverage: number;
  confidentRetrievalScore: number;
  /** …and the higher share a "do you offer X?" question needs (X itself must be there). */
  strictMinCoverage: number;
};

export type AnswerDeps = {
  db: Db;
  embedder: Embedder;
  reranker: RerankingModelV4;
  termStats: TermStats;
  /** The generator; `fallback` answers when it fails (e.g. the local model behind an LLM). */
  generator: ModelChoice;
  fallback?: ModelChoice;
  /** Rewrites follow-ups into standalone questions (an LLM); without it a built-in rule does. */
  condenser?: LanguageModel;
  company: string;
  settings: AnswerSettings;
};

/**
 * How the standalone question came about. Only a question the customer asked whole — as typed,
 * the original one a clarification resolved, or an LLM's rewrite — may match a golden answer
 * verbatim; turns joined by the built-in rule are a search query, not a question.
 */
export type StandaloneKind = 'as_asked' | 'resolved' | 'rewritten' | 'joined';

export type KnowledgeQuestion = {
  /** The message as typed (the generator sees it beside the standalone question). */
  question: string;
  standalone: string;
  standaloneKind: StandaloneKind;
  /** The product version the dialog settled on (a clarification reply, the topic's) or the customer's account shows. */
  version?: string;
  /** The version is the customer's own equipment, from their account: the answer says so and offers the others. */
  versionFromProfile?: boolean;
  /** Said before the answer, whatever it is (what the customer's account knows of their problem: an outage in their area). */
  lead?: string;
  /**
   * The article a clarification led to, in the chosen version: it is searched first (the
   * customer answered a question about that article), then the whole help center.
   */
  document?: string;
  /** The article the dialog's last answer quoted, for a follow-up joined to it (lib/rag/thread-article.ts). */
  thread?: string;
  /** The cause of a reported problem the customer's account knows, in the articles' words: the article it names answers. */
  cause?: string;
  lang: Locale;
  abortSignal?: AbortSignal;
};

export type AnswerSink = {
  text(delta: string): void;
  /** The citations shown so far, as soon as they are known (so links work while streaming). */
  citations?(citations: Citation[]): void;
};

/** The path a message took; 'knowledge' may become 'out_of_scope' after retrieval. */
export type Route = 'knowledge' | 'account' | 'chit_chat' | 'out_of_scope';

export type RetrievedTrace = { chunkId: number; documentId: string; score: number; ranks: SearchHit['ranks']; passed: boolean };

/** Why the golden answer won or lost, for the trace. */
export type GoldenDecision = {
  id: string;
  score: number;
  used: 'verbatim' | 'source' | 'no';
  /** The text that was matched against the golden questions. */
  matched: string;
  /** Why it was not given verbatim: below the threshold, about another version, … (null: it was). */
  reason: 'below_threshold' | 'other_version' | 'version_unknown' | 'fragment' | 'joined_turns' | null;
};

export type AnswerResult = {
  text: string;
  lang: Locale;
  route: Route;
  outcome: AnswerOutcome;
  citations: Citation[];
  suggestions: string[] | null;
  handoffOffered: boolean;
  standalone: string;
  /** The version the answer is about; for a clarifying question, the versions offered (and the article in each). */
  version: string | null;
  clarifyOptions: string[] | null;
  clarifyDocuments?: Record<string, string>;
  golden: GoldenDecision | null;
  retrieved: RetrievedTrace[];
  /** Documents of every source passed to the generator (for the citation-validity metric). */
  passedDocumentIds: string[];
  /** Account or help-center tools called, in order, with their arguments. */
  tools?: { name: string; input: unknown }[];
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  ttftMs: number | null;
  totalMs: number;
  error: string | null;
};

/** "German" in the reply's language ("allemand", "tedesco"). */
function languageName(code: string, inLanguage: Locale): string {
  return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
}

/** Share of the question's words the corpus knows: low means the topic is not ours at all. */
function knownShare(text: string, lang: Locale, stats: TermStats): number {
  const terms = [...new Set(contentTerms(text, lang))];
  if (terms.length === 0) return 0;
  return terms.filter((t) => stats.df(t, lang) > 0).length / terms.length;
}

/** Streams text to the sink, timing the first delta. */
export class AnswerStream {
  readonly started = turnStartedAt() ?? performance.now();
  ttftMs: number | null = null;
  text = '';
  constructor(private readonly sink: AnswerSink) {}

  emit = (delta: string): void => {
    if (!delta) return;
    if (this.ttftMs === null) this.ttftMs = performance.now() - this.started;
    this.text += delta;
    this.sink.text(delta);
  };

  /** A fixed reply, streamed in word-sized deltas like a model's. */
  emitWhole = (reply: string): void => {
    for (const delta of toDeltas(reply)) this.emit(delta);
  };

  /** The result with the streamed text and timings filled in. */
  finish(result: Omit<AnswerResult, 'text' | 'ttftMs' | 'totalMs'>): AnswerResult {
    return { ...result, text: this.text, ttftMs: this.ttftMs, totalMs: performance.now() - this.started };
  }
}

/** The empty trace of a turn that used no retrieval and no model. */
export function noRetrieval(lang: Locale, standalone: string) {
  return {
    lang,
    standalone,
    version: null as string | null,
    clarifyOptions: null,
    golden: null,
    retrieved: [],
    passedDocumentIds: [],
    citations: [],
    suggestions: null,
    model: 'none',
    tokensIn: 0,
    tokensOut: 0,
    costUsd: 0,
    error: null,
  } satisfies Partial<AnswerResult>;
}

/** The golden stage: the decision, and the match when it is to be given verbatim or passed as a source. */
async function matchGolden(
  deps: AnswerDeps,
  { standalone, standaloneKind, lang, version }: { standalone: string; standaloneKind: StandaloneKind; lang: Locale; version: string | undefined },
): Promise<{ decision: GoldenDecision | null; match: GoldenMatch | null }> {
  const { settings } = deps;
  const match = await bestGoldenMatch(deps.db, {
    question: standalone,
    lang,
    version: version ?? null,
    versions: deps.termStats.versions,
    // 0 means "always the best one": the expert chose that, words or not.
    requireCoverage: settings.goldenMatchThreshold > 0,
    minScore: Math.min(settings.goldenMatchThreshold, settings.goldenSourceThreshold),
  });
  if (!match) return { decision: null, match: null };
  const reason: GoldenDecision['reason'] =
    match.barred ?? (standaloneKind === 'joined' ? 'joined_turns' : match.score < settings.goldenMatchThreshold ? 'below_threshold' : null);
  // A golden answer about another version is no source either; one barred for other reasons may still inform.
  const source = reason !== 'other_version' && reason !== 'version_unknown' && match.score >= settings.goldenSourceThreshold;
  const used = reason === null ? 'verbatim' : source ? 'source' : 'no';
  return { decision: { id: match.golden.id, score: match.score, used, matched: standalone, reason }, match };
}

/**
 * The golden stage: the decision, and — when an expert's answer fits this very question — that
 * answer, streamed verbatim with its articles as citations (no model call).
 */
async function goldenStage(
  deps: AnswerDeps,
  question: { standalone: string; standaloneKind: StandaloneKind; lang: Locale; version: string | undefined; personal: PersonalVersion | null; lead?: string },
  sink: AnswerSink,
  out: AnswerStream,
  base: Omit<ReturnType<typeof noRetrieval>, 'version'> & { version: string | null },
): Promise<{ golden: GoldenDecision | null; match: GoldenMatch | null; verbatim: AnswerResult | null }> {
  const { decision: golden, match } = await matchGolden(deps, question);
  if (!match || golden?.used !== 'verbatim') return { golden, match, verbatim: null };
  const citations = match.sources.map((d, i) => ({ n: i + 1, documentId: d.id, title: d.title, url: articleUrl(d.slug, null), heading: null }));
  sink.citations?.(citations);
  // An expert's answer for the customer's own model: said so, with the other models one tap away.
  const personal = question.personal && match.version === question.version ? question.personal : null;
  if (question.lead) out.emitWhole(`${question.lead}\n\n`);
  if (personal) out.emitWhole(`${personal.note}\n\n`);
  out.emitWhole(match.golden.answer);
  const verbatim = out.finish({
    ...base,
    route: 'knowledge',
    outcome: 'golden',
    handoffOffered: false,
    citations,
    golden,
    version: match.version ?? base.version,
    model: 'golden',
    ...(personal ? { suggestions: personal.others } : {}),
  });
  return { golden, match, verbatim };
}

/** The answer is for the customer's own model (from their account): the line that says so, and the other models to pick instead. */
type PersonalVersion = { note: string; others: string[] };

function personalVersion(input: KnowledgeQuestion, version: string | undefined, versions: string[]): PersonalVersion | null {
  if (!input.versionFromProfile || !version) return null;
  return { note: REPLIES[input.lang].forYourVersion(prettyVersion(version)), others: versions.filter((v) => v !== version).map(prettyVersion) };
}

/** A golden answer to this very question, streamed verbatim; null when none fits (the LLM path then runs). */
export async function answerFromGolden(deps: AnswerDeps, input: KnowledgeQuestion, sink: AnswerSink): Promise<AnswerResult | null> {
  const out = new AnswerStream(sink);
  const versions = deps.settings.clarifyVersions ? deps.termStats.versions : [];
  const version = input.version ?? mentionedVersion(input.standalone, versions);
  const base = { ...noRetrieval(input.lang, input.standalone), version: version ?? null };
  const personal = personalVersion(input, version, deps.termStats.versions);
  const { verbatim } = await timeStage('golden', () => goldenStage(deps, { standalone: input.standalone, standaloneKind: input.standaloneKind, lang: input.lang, version, personal, lead: input.lead }, sink, out, base));
  return verbatim;
}

/** The passages found, with the best few articles' passages all there (each article's best first). */
async function withWholeArticles(db: Db, selected: SearchHit[], articles: number): Promise<SearchHit[]> {
  const best = uniqueDocuments(selected).slice(0, articles);
  const whole = await documentPassages(db, { documentIds: best.map((h) => h.documentId), scores: new Map(best.map((h) => [h.documentId, h.score])) });
  const byDocument = best.map((top) => [top, ...whole.filter((h) => h.documentId === top.documentId && h.chunkId !== top.chunkId)]);
  const inBest = new Set(best.map((h) => h.documentId));
  return [...byDocument.flat(), ...selected.filter((h) => !inBest.has(h.documentId))];
}

/**
 * Retrieval in the version the answer is for (named by the customer, settled in the dialog, or
 * theirs on their account). The search first runs as for anyone: where a visitor would be asked
 * "which one do you have?", the article in that version answers, as if they had picked it — so
 * "and on the Box 3?" after the Box 5 restart gets the Box 3 restart, not whatever Box 3 article
 * mentions a restart. Otherwise the other versions' articles are left out.
 */
async function retrieveFor(
  deps: AnswerDeps,
  {
    question,
    standalone,
    lang,
    version,
    document,
    versionFromProfile,
    thread,
    cause,
  }: { question: string; standalone: string; lang: Locale; version: string | undefined; document?: string; versionFromProfile?: boolean; thread?: string; cause?: string },
): Promise<{ query: string; hits: SearchHit[]; document?: string; titled?: string; followed?: string }> {
  const weights = deps.settings.search;
  // A question names only an article of the answer's model this way; a cause the account knows,
  // an article of no model (lib/rag/title-match.ts). Without either, no titles are read.
  const titled =
    (document || !version ? undefined : titledArticle(await publicDocumentTitles(deps.db), { question, lang, version, weight: deps.termStats.idf })) ??
    (cause ? articleTitledBy(await publicDocumentTitles(deps.db), { text: cause, lang, weight: deps.termStats.idf }) : undefined);
  // A follow-up is about the article the answer before quoted (in this answer's version), unless its question states another's title.
  const followed = document || titled || !thread ? undefined : threadArticle(await publicDocumentTitles(deps.db), { article: thread, version, lang });
  // …unless it quotes what that article does not state and one other article does ("it says
  // 5.4.1" after an article that names only 5.4.2): that article answers, as a chosen one does.
  const quoted = followed && (await articleStatingQuoted(deps.db, await publicDocumentTitles(deps.db), { question, followed, version, lang }));
  if (quoted) return { ...(await retrieve(deps, { standalone, lang, version, weights, document: quoted })), document: quoted };
  if (followed) return { ...(await retrieve(deps, { standalone, lang, version, weights, thread: followed })), followed };
  if (!version || document) return { ...(await retrieve(deps, { standalone, lang, version, weights, document, titled })), document, titled };
  const open = await retrieve(deps, { standalone, lang, version: undefined, weights, titled });
  const chosen = versionChoice(open.hits)?.documents[version];
  // The version's article as found may be another language's (its words matched best): the
  // customer reads the translation in their language where there is one.
  const own = chosen && ((await findSameLanguageVersions(deps.db, { ids: [chosen], lang })).get(chosen) ?? chosen);
  if (own) return { ...(await retrieve(deps, { standalone, lang, version, weights, document: own })), document: own, titled };
  if (versionFromProfile) return { query: open.query, hits: open.hits.filter((h) => h.version === null || h.version === version), titled };
  return { ...(await retrieve(deps, { standalone, lang, version, weights, titled })), titled };
}

export async function answerFromKnowledge(deps: AnswerDeps, input: KnowledgeQuestion, sink: AnswerSink): Promise<AnswerResult> {
  const out = new AnswerStream(sink);
  const { settings } = deps;
  const { lang, standalone } = input;
  const replies = REPLIES[lang];
  const versions = settings.clarifyVersions ? deps.termStats.versions : [];
  const version = input.version ?? mentionedVersion(standalone, versions);
  const base = { ...noRetrieval(lang, standalone), version: version ?? null };

  // Experts beat models: a golden answer to this very question is given verbatim, with no model call.
  const personal = personalVersion(input, version, deps.termStats.versions);
  const { golden, match, verbatim } = await timeStage('golden', () => goldenStage(deps, { standalone, standaloneKind: input.standaloneKind, lang, version, personal, lead: input.lead }, sink, out, base));
  if (verbatim) return verbatim;
  const goldenDocs = match && golden?.used === 'source' ? match.sources : [];
  const goldenSource: GoldenSource | undefined =
    match && golden?.used === 'source' && goldenDocs[0]
      ? { documentId: goldenDocs[0].id, title: goldenDocs[0].title, slug: goldenDocs[0].slug, lang: match.golden.lang, question: match.golden.question, answer: match.golden.answer }
      : undefined;

  // The search's own time is its SQL (and fusion); spelling, embedding and reranking are timed inside it.
  const { query, hits, document, titled, followed } = await timeStage('search SQL', () => retrieveFor(deps, { question: input.question, standalone, lang, version, document: input.document, versionFromProfile: input.versionFromProfile, thread: input.thread, cause: input.cause }));
  const retrievedTrace = (passed: Set<number>): RetrievedTrace[] =>
    hits.map((h) => ({ chunkId: h.chunkId, documentId: h.documentId, score: h.score, ranks: h.ranks, passed: passed.has(h.chunkId) }));

  const noAnswer = (extra: Partial<AnswerResult>): AnswerResult => {
    const outOfScope = hits.length === 0 && knownShare(query, lang, deps.termStats) < 0.5;
    if (!out.text) out.emitWhole(outOfScope ? replies.outOfScope : input.lead ? `${input.lead}\n\n${replies.noAnswer}` : replies.noAnswer);
    return out.finish({
      ...base,
      route: outOfScope ? 'out_of_scope' : 'knowledge',
      outcome: outOfScope ? 'out_of_scope' : 'no_answer',
      handoffOffered: !outOfScope,
      golden,
      retrieved: retrievedTrace(new Set()),
      ...extra,
    });
  };
  if (hits.length === 0 && !goldenSource) return noAnswer({});

  if (versions.length > 0 && !version) {
    const choice = versionChoice(hits, { text: standalone, lang });
    if (choice) {
      const labels = choice.versions.map(prettyVersion);
      out.emitWhole(replies.clarifyVersion(labels));
      return out.finish({ ...base, route: 'knowledge', outcome: 'clarify', handoffOffered: false, suggestions: labels, clarifyOptions: choice.versions, clarifyDocuments: choice.documents, golden, retrieved: retrievedTrace(new Set()) });
    }
  }

  const { chosen, sources } = await timeStage('select', async () => {
    const selected = selectPassages(hits, settings.maxSources, { onlyLanguage: settings.sameLanguageSources ? lang : undefined });
    const whole = settings.wholeArticles > 0 ? await withWholeArticles(deps.db, selected, settings.wholeArticles) : selected;
    return { chosen: whole, sources: buildSources({ hits: whole, golden: goldenSource }) };
  });
  // A passage the reranker rates highly is on topic even when the customer's words are not the
  // article's ("my thing blinks"): the built-in model may then quote it on weaker word coverage.
  const strict = isAvailabilityQuestion(input.question);
  // So is the article a clarification led to (the customer confirmed it by choosing its version),
  // and the one a follow-up is about (it answered the question before).
  const confirmedArticle = (document ?? followed) !== undefined && hits[0]?.documentId === (document ?? followed);
  const confidentRetrieval = !strict && (confirmedArticle || (hits[0]?.score ?? 0) >= settings.confidentRetrievalScore);
  const passed = new Set(chosen.map((h) => h.chunkId));
  const bySource = new Map(sources.map((s) => [s.n, s]));
  // Every source in another language: say so before the answer (the built-in model quotes it as written).
  const foreign = [...new Set(sources.map((s) => s.lang))].filter((l) => l !== lang);
  const languageNotice = sources.length > 0 && sources.every((s) => s.lang !== lang) ? replies.onlyInLanguages(foreign.map((l) => languageName(l, lang))) : null;
  // The customer's own model decided which article: say so when the answer's article is that
  // model's (not for a general article that merely lists both models' steps further down).
  const forThem = personal && chosen[0]?.version === version ? personal : null;
  const notice = [input.lead, forThem?.note, languageNotice].filter(Boolean).join('\n\n') || null;
  const onText = (text: string) => {
    if (notice && !out.text && text) out.emit(`${notice}\n\n`);
    out.emit(text);
  };
  const system = systemPrompt({ company: deps.company, lang });
  const prompt = userPrompt({ question: input.question, standalone: query, lang, sources, joined: input.standaloneKind === 'joined' });

  // The built-in model reads the passages for the question's words, or their synonyms.
  const { alternatives } = await widenQuestion(deps.db, query, lang);
  // The article whose title the question states, if it reached the sources (not for an availability question: that needs its words).
  const titledSource = titled && !strict ? sources.find((s) => s.documentId === titled) : undefined;
  const followedSource = followed ? sources.find((s) => s.documentId === followed) : undefined;
  let choice = deps.generator;
  let generation: Generation | null = null;
  let error: string | null = null;
  for (const candidate of [deps.generator, deps.fallback]) {
    if (!candidate) continue;
    choice = candidate;
    try {
      generation = await timeStage('generate', () => generate(candidate, {
        system,
        prompt,
        sources,
        abortSignal: input.abortSignal,
        timeoutMs: settings.modelTimeoutMs,
        onText,
        onCited: (numbers) => sink.citations?.(numbers.map((n, i) => toCitation(bySource.get(n)!, i + 1))),
        providerOptions: {
          lantern: {
            minCoverage: strict ? settings.strictMinCoverage : confidentRetrieval ? settings.confidentMinCoverage : settings.minCoverage,
            ...(confidentRetrieval ? { usualCoverage: settings.minCoverage } : {}),
            alternatives,
            ...(titledSource ? { titled: titledSource.title } : {}),
            ...(followedSource ? { followed: followedSource.title } : {}),
            ...(version ? { model: prettyVersion(version) } : {}),
          },
        },
      }));
      break;
    } catch (err) {
      error = describeError(err);
      // Text already shown cannot be taken back: only a silent failure may fall back.
      if (out.text || input.abortSignal?.aborted) break;
    }
  }
  const trace = {
    golden,
    retrieved: retrievedTrace(passed),
    passedDocumentIds: [...new Set(sources.map((s) => s.documentId))],
    model: choice.id,
    error,
  };
  if (!generation) {
    if (out.text) out.emit(`\n\n${replies.modelUnavailable}`);
    else out.emitWhole(replies.modelUnavailable);
    return out.finish({ ...base, route: 'knowledge', outcome: 'error', handoffOffered: true, ...trace });
  }
  const usage = {
    tokensIn: generation.tokensIn,
    tokensOut: generation.tokensOut,
    costUsd: usageCost(choice.price, generation.tokensIn, generation.tokensOut),
  };
  if (!generation.filter.hasValidCitation) return noAnswer({ ...trace, ...usage });
  const citations = generation.filter.citedSources.map((n, i) => toCitation(bySource.get(n)!, i + 1));
  return out.finish({ ...base, route: 'knowledge', outcome: 'answered', handoffOffered: false, citations, ...trace, ...usage, ...(forThem ? { suggestions: forThem.others } : {}) });
}
