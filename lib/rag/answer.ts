import type { RerankingModelV4 } from '@ai-sdk/provider';
import { streamText, type LanguageModel } from 'ai';
import { DEFAULT_RERANK_WEIGHTS } from '@/lib/ai/local/reranking-model';
import { contentTerms } from '@/lib/ai/local/text';
import { toDeltas } from '@/lib/ai/local/language-model';
import type { Embedder } from '@/lib/ai/models';
import type { AccountTurnResult } from '@/lib/actions/account-turn';
import { isWriteTool, type ApprovalCard } from '@/lib/actions/contract';
import type { AnswerOutcome, Citation } from '@/lib/chat/contract';
import type { Db } from '@/lib/db/client';
import { findDocumentsByIds } from '@/lib/db/queries/documents';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/lib/i18n/locales';
import { CitationFilter } from './citations';
import { condenseLocally, type Turn } from './condense';
import { condenseWithModel } from './condense-with-model';
import { bestGoldenMatch } from './golden';
import { detectLanguage } from './language';
import { systemPrompt, userPrompt } from './prompt';
import { isAvailabilityQuestion } from './question-kind';
import { REPLIES } from './replies';
import { chitChatKind, chitChatLanguage, routeByForm, type Route } from './route';
import { searchChunks, uniqueDocuments, type SearchHit, type SearchWeights } from './search';
import { articleUrl, buildSources, toCitation, type GoldenSource, type Source } from './sources';
import { correctSpelling } from './spelling';
import type { TermStats } from './term-stats';

/**
 * The answer pipeline for one customer message: language → route → condense → golden match →
 * retrieve → generate → citation check. It writes the answer to a sink as it streams and returns
 * everything the trace needs; storing and transport are the caller's (lib/chat/turn.ts).
 */

export type AnswerSettings = {
  search: SearchWeights;
  /** A golden question at least this similar is answered verbatim (0 = always the best one). */
  goldenMatchThreshold: number;
  /** A weaker golden match at least this similar is passed to the generator as a source. */
  goldenSourceThreshold: number;
  /** Passages handed to the generator. */
  maxSources: number;
  /** Ask which version (e.g. Box 3 or Box 5) when the best passages differ only by it. */
  clarifyVersions: boolean;
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

export type ModelChoice = { model: LanguageModel; id: string; price: { inputPerMTok: number; outputPerMTok: number } };

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

export type AnswerInput = {
  question: string;
  /** Earlier turns, oldest first. */
  history: (Turn & { lang?: string | null })[];
  /** The site's language: a prior for messages too short to tell. */
  locale?: Locale;
  signedIn: boolean;
  abortSignal?: AbortSignal;
  /** Questions from before `history` (a long conversation's rolling summary), oldest first. */
  earlierQuestions?: string[];
  account?: AccountHandler;
};

/** Account requests (lib/actions): recognised for everyone, answered with tools for signed-in customers. */
export type AccountHandler = {
  /** The account tool the customer's own words ask for, if any. */
  requestedTool(question: string, lang: Locale): string | null;
  /** Present only for a signed-in user. */
  answer?(
    request: { question: string; lang: Locale; history: Turn[] },
    sink: { text(delta: string): void; approval(card: ApprovalCard): void },
  ): Promise<AccountTurnResult>;
};

export type AnswerSink = {
  text(delta: string): void;
  /** An account change waiting for the customer's approval. */
  approval?(card: ApprovalCard): void;
  /** The citations shown so far, as soon as they are known (so links work while streaming). */
  citations?(citations: Citation[]): void;
};

export type RetrievedTrace = { chunkId: number; documentId: string; score: number; ranks: SearchHit['ranks']; passed: boolean };

export type AnswerResult = {
  text: string;
  lang: Locale;
  route: Route;
  outcome: AnswerOutcome;
  citations: Citation[];
  suggestions: string[] | null;
  handoffOffered: boolean;
  standalone: string;
  golden: { id: string; score: number; used: 'verbatim' | 'source' | 'no' } | null;
  retrieved: RetrievedTrace[];
  /** Documents of every source passed to the generator (for the citation-validity metric). */
  passedDocumentIds: string[];
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  ttftMs: number | null;
  totalMs: number;
  error: string | null;
};

function previousLanguage(history: AnswerInput['history']): Locale | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const lang = history[i]?.lang;
    if (isLocale(lang)) return lang;
  }
  return undefined;
}

/** Share of the question's words the corpus knows: low means the topic is not ours at all. */
function knownShare(text: string, lang: Locale, stats: TermStats): number {
  const terms = [...new Set(contentTerms(text, lang))];
  if (terms.length === 0) return 0;
  return terms.filter((t) => stats.df(t, lang) > 0).length / terms.length;
}

function prettyVersion(version: string): string {
  const spaced = version.replace(/([a-z])(\d)/gi, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function mentionedVersion(text: string, versions: string[]): string | undefined {
  const compact = text.toLowerCase().replace(/[\s_-]+/g, '');
  return versions.find((v) => compact.includes(v.toLowerCase().replace(/[\s_-]+/g, '')));
}

/** Two of the best documents differ only by version: the answer depends on which one they have. */
function versionChoice(hits: SearchHit[]): string[] | null {
  const top = uniqueDocuments(hits).slice(0, 3);
  const best = top[0];
  if (!best?.version) return null;
  const siblings = top.filter(
    (h) => h.version && h.version !== best.version && h.score >= best.score * 0.8 && h.documentId.replace(h.version, '') === best.documentId.replace(best.version!, ''),
  );
  if (siblings.length === 0) return null;
  return [...new Set([best.version, ...siblings.map((s) => s.version!)])].sort();
}

function usageCost(price: ModelChoice['price'], tokensIn: number, tokensOut: number): number {
  return (tokensIn * price.inputPerMTok + tokensOut * price.outputPerMTok) / 1_000_000;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 500);
  return String(error).slice(0, 500);
}

type Generation = { released: string; filter: CitationFilter; tokensIn: number; tokensOut: number };

async function generate(
  choice: ModelChoice,
  { system, prompt, sources, abortSignal, timeoutMs, onText, onCited, providerOptions }: {
    system: string;
    prompt: string;
    sources: Source[];
    providerOptions?: Record<string, Record<string, number>>;
    abortSignal?: AbortSignal;
    timeoutMs: number;
    onText: (text: string) => void;
    onCited: (sourceNumbers: number[]) => void;
  },
): Promise<Generation> {
  const filter = new CitationFilter(new Set(sources.map((s) => s.n)));
  let released = '';
  let cited = 0;
  const release = (text: string) => {
    if (!text) return;
    // Metadata first, so the markers in this text already have their links.
    if (filter.citedSources.length > cited) {
      cited = filter.citedSources.length;
      onCited(filter.citedSources);
    }
    released += text;
    onText(text);
  };
  const result = streamText({
    model: choice.model,
    system,
    prompt,
    temperature: 0,
    maxRetries: 0,
    providerOptions,
    abortSignal,
    // stepMs, not a number/totalMs: combined with an abortSignal those can be garbage-collected
    // on Node 20 and never fire; firstChunkMs only starts after openai.chat's first chunk.
    timeout: { stepMs: timeoutMs, chunkMs: Math.min(timeoutMs, 10_000) },
    // Errors arrive as stream parts and are handled below; no default console dump.
    onError: () => {},
  });
  let tokensIn = 0;
  let tokensOut = 0;
  for await (const part of result.stream) {
    if (part.type === 'text-delta') release(filter.push(part.text));
    else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort') throw new Error(`generation aborted${part.reason ? `: ${part.reason}` : ''}`);
    else if (part.type === 'finish') {
      tokensIn = part.totalUsage.inputTokens ?? 0;
      tokensOut = part.totalUsage.outputTokens ?? 0;
    }
  }
  release(filter.flush());
  return { released, filter, tokensIn, tokensOut };
}

export async function answerQuestion(deps: AnswerDeps, input: AnswerInput, sink: AnswerSink): Promise<AnswerResult> {
  const started = performance.now();
  let ttftMs: number | null = null;
  let text = '';
  const emit = (delta: string) => {
    if (!delta) return;
    if (ttftMs === null) ttftMs = performance.now() - started;
    text += delta;
    sink.text(delta);
  };
  const emitWhole = (reply: string) => {
    for (const delta of toDeltas(reply)) emit(delta);
  };

  const prior = previousLanguage(input.history) ?? input.locale;
  const lang: Locale = detectLanguage(input.question, { prior, vocabulary: deps.termStats.vocabularyLanguage }) ?? prior ?? DEFAULT_LOCALE;
  const replies = REPLIES[lang];
  const base = {
    lang,
    standalone: input.question,
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
  const finish = (result: Omit<AnswerResult, 'text' | 'ttftMs' | 'totalMs' | keyof typeof base> & Partial<AnswerResult>): AnswerResult => ({
    ...base,
    ...result,
    text,
    ttftMs,
    totalMs: performance.now() - started,
  });

  // Route by form: chit-chat and account requests never reach retrieval.
  const formRoute = routeByForm(input.question);
  if (formRoute === 'chit_chat') {
    const chatLang = chitChatLanguage(input.question) ?? lang;
    emitWhole(REPLIES[chatLang].chitChat[chitChatKind(input.question) ?? 'greeting']);
    return finish({ route: 'chit_chat', outcome: 'chit_chat', handoffOffered: false, lang: chatLang });
  }
  // Signed-in customers: whatever the intent recogniser reads as an account request ("why is my
  // bill so high?" → their invoice). Anonymous visitors are invited to sign in when they ask to
  // change something; a question about bills in general still gets the help articles.
  const requestedTool = input.account?.requestedTool(input.question, lang) ?? null;
  const accountRequest =
    formRoute === 'account' ||
    (requestedTool !== null && (input.signedIn ? input.account?.answer !== undefined : isWriteTool(requestedTool)));
  if (accountRequest) {
    if (!input.signedIn) {
      emitWhole(replies.signIn);
      return finish({ route: 'account', outcome: 'sign_in', handoffOffered: false });
    }
    if (!input.account?.answer) {
      emitWhole(replies.accountSoon);
      return finish({ route: 'account', outcome: 'no_answer', handoffOffered: true });
    }
    const turns = input.history.filter((t) => t.role === 'user' || t.role === 'assistant');
    const account = await input.account.answer(
      { question: input.question, lang, history: turns },
      { text: emit, approval: (card) => sink.approval?.(card) },
    );
    if (account.outcome === 'no_answer' || account.outcome === 'error') {
      if (!text) emitWhole(account.outcome === 'error' ? replies.modelUnavailable : replies.noAnswer);
    }
    return finish({
      route: 'account',
      outcome: account.outcome === 'no_answer' ? 'no_answer' : account.outcome,
      handoffOffered: account.outcome === 'no_answer' || account.outcome === 'error',
      model: account.model,
      tokensIn: account.tokensIn,
      tokensOut: account.tokensOut,
      error: account.error,
    });
  }

  const { db, settings } = deps;
  const turns = input.history.filter((t) => t.role === 'user' || t.role === 'assistant');
  const standalone = deps.condenser
    ? (
        await condenseWithModel(deps.condenser, {
          question: input.question,
          history: turns,
          earlier: input.earlierQuestions ?? [],
          timeoutMs: Math.min(settings.modelTimeoutMs, 10_000),
          abortSignal: input.abortSignal,
        })
      ).standalone
    : condenseLocally(input.question, turns);

  // Experts beat models: a near-exact golden question is answered verbatim, with no model call.
  // A follow-up is matched as typed: with the previous question prepended it would match that one's golden answer again.
  const match = await bestGoldenMatch(db, { question: input.question, lang });
  const goldenDocs = match ? await findDocumentsByIds(db, { ids: match.golden.sourceIds, includeInternal: false }) : [];
  if (match && match.score >= settings.goldenMatchThreshold) {
    const citations = goldenDocs.map((d, i) => ({ n: i + 1, documentId: d.id, title: d.title, url: articleUrl(d.slug, null), heading: null }));
    sink.citations?.(citations);
    emitWhole(match.golden.answer);
    return finish({
      route: 'knowledge',
      outcome: 'golden',
      standalone,
      handoffOffered: false,
      citations,
      golden: { id: match.golden.id, score: match.score, used: 'verbatim' },
      model: 'golden',
    });
  }
  const goldenSource: GoldenSource | undefined =
    match && match.score >= settings.goldenSourceThreshold && goldenDocs[0]
      ? { documentId: goldenDocs[0].id, title: goldenDocs[0].title, slug: goldenDocs[0].slug, lang: match.golden.lang, question: match.golden.question, answer: match.golden.answer }
      : undefined;
  const golden = match ? { id: match.golden.id, score: match.score, used: goldenSource ? ('source' as const) : ('no' as const) } : null;

  // Retrieve, in the version the customer named when they named one.
  const spelling = await correctSpelling(db, standalone);
  const versions = settings.clarifyVersions ? deps.termStats.versions : [];
  const version = mentionedVersion(spelling.query, versions);
  const hits = (
    await searchChunks(
      { db, embedder: deps.embedder, reranker: deps.reranker },
      { query: spelling.query, lang, k: 20, audience: 'public', version, weights: settings.search, correctSpelling: false },
    )
  ).filter((h) => h.score > DEFAULT_RERANK_WEIGHTS.prior);
  const retrievedTrace = (passed: Set<number>): RetrievedTrace[] =>
    hits.map((h) => ({ chunkId: h.chunkId, documentId: h.documentId, score: h.score, ranks: h.ranks, passed: passed.has(h.chunkId) }));

  const noAnswer = (extra: Partial<AnswerResult>): AnswerResult => {
    const outOfScope = hits.length === 0 && knownShare(spelling.query, lang, deps.termStats) < 0.5;
    if (!text) emitWhole(outOfScope ? replies.outOfScope : replies.noAnswer);
    return finish({
      route: outOfScope ? 'out_of_scope' : 'knowledge',
      outcome: outOfScope ? 'out_of_scope' : 'no_answer',
      handoffOffered: !outOfScope,
      standalone,
      golden,
      retrieved: retrievedTrace(new Set()),
      ...extra,
    });
  };
  if (hits.length === 0 && !goldenSource) return noAnswer({});

  if (settings.clarifyVersions && !version) {
    const options = versionChoice(hits);
    if (options) {
      const labels = options.map(prettyVersion);
      emitWhole(replies.clarifyVersion(labels));
      return finish({ route: 'knowledge', outcome: 'clarify', handoffOffered: false, suggestions: labels, standalone, golden, retrieved: retrievedTrace(new Set()) });
    }
  }

  // At most two passages per article, so the sources cover more than one angle.
  const perDocument = new Map<string, number>();
  const chosen = hits
    .filter((h) => {
      const n = perDocument.get(h.documentId) ?? 0;
      perDocument.set(h.documentId, n + 1);
      return n < 2;
    })
    .slice(0, settings.maxSources);
  const sources = buildSources({ hits: chosen, golden: goldenSource });
  // A passage the reranker rates highly is on topic even when the customer's words are not the
  // article's ("my thing blinks"): the built-in model may then quote it on weaker word coverage.
  const strict = isAvailabilityQuestion(input.question);
  const confidentRetrieval = !strict && (hits[0]?.score ?? 0) >= settings.confidentRetrievalScore;
  const passed = new Set(chosen.map((h) => h.chunkId));
  const bySource = new Map(sources.map((s) => [s.n, s]));
  const system = systemPrompt({ company: deps.company, lang });
  const prompt = userPrompt({ question: input.question, standalone: spelling.query, lang, sources });

  let choice = deps.generator;
  let generation: Generation | null = null;
  let error: string | null = null;
  for (const candidate of [deps.generator, deps.fallback]) {
    if (!candidate) continue;
    choice = candidate;
    try {
      generation = await generate(candidate, {
        system,
        prompt,
        sources,
        abortSignal: input.abortSignal,
        timeoutMs: settings.modelTimeoutMs,
        onText: emit,
        onCited: (numbers) => sink.citations?.(numbers.map((n, i) => toCitation(bySource.get(n)!, i + 1))),
        providerOptions: {
          lantern: { minCoverage: strict ? settings.strictMinCoverage : confidentRetrieval ? settings.confidentMinCoverage : settings.minCoverage },
        },
      });
      break;
    } catch (err) {
      error = describeError(err);
      // Text already shown cannot be taken back: only a silent failure may fall back.
      if (text || input.abortSignal?.aborted) break;
    }
  }
  const trace = {
    standalone,
    golden,
    retrieved: retrievedTrace(passed),
    passedDocumentIds: [...new Set(sources.map((s) => s.documentId))],
    model: choice.id,
    error,
  };
  if (!generation) {
    if (text) emit(`\n\n${replies.modelUnavailable}`);
    else emitWhole(replies.modelUnavailable);
    return finish({ route: 'knowledge', outcome: 'error', handoffOffered: true, ...trace });
  }
  const usage = {
    tokensIn: generation.tokensIn,
    tokensOut: generation.tokensOut,
    costUsd: usageCost(choice.price, generation.tokensIn, generation.tokensOut),
  };
  if (!generation.filter.hasValidCitation) return noAnswer({ ...trace, ...usage });
  const citations = generation.filter.citedSources.map((n, i) => toCitation(bySource.get(n)!, i + 1));
  return finish({ route: 'knowledge', outcome: 'answered', handoffOffered: false, citations, ...trace, ...usage });
}
