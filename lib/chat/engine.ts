import { DEFAULT_LOCALE, isLocale, type Locale } from '@/lib/i18n/locales';
import { timeStage } from '@/lib/observability/stage-times';
import { isWriteTool } from '@/lib/domain/account-tools';
import { askedPart } from '@/lib/ai/local/text';
import { answerFromGolden, answerFromKnowledge, AnswerStream, noRetrieval, type AnswerDeps, type AnswerResult, type KnowledgeQuestion, type StandaloneKind } from '@/lib/rag/answer';
import { condenseLocally, refersBack } from '@/lib/rag/condense';
import { condenseWithModel } from '@/lib/rag/condense-with-model';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { isHowToQuestion, isHypotheticalQuestion } from '@/lib/rag/question-kind';
import { REPLIES } from '@/lib/rag/replies';
import { chitChatKind, chitChatLanguage, routeByForm } from './route';
import { mentionedVersion, prettyVersion } from '@/lib/rag/versions';
import { readClarificationReply, readVersionSwap, versionByAge } from './clarification';
import { leansOnPrevious } from './leans-on-previous';
import { customerVersion, type ProfileField, type ProfileUse } from './customer-profile';
import { troubleContext } from './troubleshooting';
import type { DialogState } from './dialog-state';
import { answerWithModelTools } from './model-turn';
import type { ModelTurnContext, TurnInput, TurnResult, TurnSink } from './turn-types';

export type { AccountHandler, ModelTurnContext, TurnInput, TurnResult, TurnSink } from './turn-types';

/**
 * The turn engine: one customer message from start to finish, above the help center (lib/rag)
 * and the account tools (lib/actions): language → dialog state → route → the path (chit-chat,
 * account, knowledge) → the next dialog state. Storing and transport are the caller's
 * (lib/chat/turn.ts); a conversation a person holds never gets here (lib/chat/held-conversation.ts).
 */

function previousLanguage(history: TurnInput['history']): Locale | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const lang = history[i]?.lang;
    if (isLocale(lang)) return lang;
  }
  return undefined;
}

/** The standalone question this message asks, and the version it is about, given the dialog so far. */
type Understood = { standalone: string; kind: StandaloneKind; version: string | undefined; document?: string; lang?: string; note: string | null };

async function understand(deps: AnswerDeps, input: TurnInput): Promise<Understood> {
  const dialog = input.dialog ?? {};
  const versions = deps.termStats.versions;
  // The reply to our own "which one do you have?" answers the question we asked about.
  if (dialog.pending) {
    const reply = readClarificationReply(input.question, dialog.pending);
    if (reply.kind === 'chosen') {
      const document = dialog.pending.documents?.[reply.version];
      // "Box 5 je crois" is too short to tell its language: it is the conversation's.
      return { standalone: dialog.pending.question, kind: 'resolved', version: reply.version, document, lang: dialog.pending.lang, note: `clarification answered: ${reply.version}` };
    }
  }
  // "And on the Box 3?" / "what about the newer one?" after an answer: the same question, in that version.
  const topic = dialog.topic;
  if (topic && versions.length > 1) {
    const swap = readVersionSwap(input.question, { options: versions });
    if (swap.kind === 'chosen' && swap.version !== topic.version) {
      return { standalone: topic.question, kind: 'resolved', version: swap.version, lang: topic.lang, note: `same topic, other version: ${swap.version}` };
    }
  }
  const turns = input.history.filter((t) => t.role === 'user' || t.role === 'assistant');
  if (deps.condenser) {
    const { standalone } = await condenseWithModel(deps.condenser, {
      question: input.question,
      history: turns,
      earlier: input.earlierQuestions ?? [],
      timeoutMs: Math.min(deps.settings.modelTimeoutMs, 10_000),
      abortSignal: input.abortSignal,
    });
    const kind = standalone === input.question ? 'as_asked' : 'rewritten';
    return { standalone, kind, version: mentionedVersion(standalone, versions) ?? versionByAge(standalone, versions) ?? (kind === 'rewritten' ? (topic?.version ?? undefined) : undefined), note: null };
  }
  const standalone = condenseLocally(input.question, turns, topic?.question);
  if (standalone === input.question) return { standalone, kind: 'as_asked', version: undefined, note: null };
  // An elliptical follow-up stays in the version the topic was about, unless it names another.
  return { standalone, kind: 'joined', version: mentionedVersion(input.question, versions) ?? versionByAge(input.question, versions) ?? topic?.version ?? undefined, note: 'follow-up joined to the topic' };
}

/**
 * The version the answer is for: the one the customer named or the dialog settled on, else the
 * one their account shows (a customer with one Box 5 is not asked which Box they have).
 */
function answerVersion(deps: AnswerDeps, input: TurnInput, understood: { standalone: string; version: string | undefined }): { version: string | undefined; fromProfile: boolean } {
  const named = understood.version ?? mentionedVersion(understood.standalone, deps.termStats.versions) ?? versionByAge(input.question, deps.termStats.versions);
  if (named) return { version: named, fromProfile: false };
  const own = customerVersion(input.customer, deps.termStats.versions);
  return own ? { version: own, fromProfile: true } : { version: undefined, fromProfile: false };
}

/** The question for the help center: as understood from the dialog, in the version chosen. */
function knowledgeQuestion(
  input: TurnInput,
  understood: Understood,
  chosen: { version: string | undefined; fromProfile: boolean },
  lang: Locale,
): KnowledgeQuestion {
  return {
    question: input.question,
    standalone: understood.standalone,
    standaloneKind: understood.kind,
    version: chosen.version,
    versionFromProfile: chosen.fromProfile,
    document: understood.document,
    // A follow-up joined to the topic is about the article its answer quoted.
    thread: understood.kind === 'joined' && refersBack(input.question) ? input.dialog?.topic?.article : undefined,
    lang,
    abortSignal: input.abortSignal,
  };
}

/** Which profile fields shaped the turn: the customer's equipment (its version), their language. */
function profileUse({ version, fromProfile }: { version: string | undefined; fromProfile: boolean }, language: string | null, more: ProfileField[] = []): ProfileUse | undefined {
  const fields: ProfileUse['fields'] = [];
  if (fromProfile && version) fields.push('devices');
  if (language) fields.push('language');
  for (const field of more) if (!fields.includes(field)) fields.push(field);
  if (fields.length === 0) return undefined;
  return { fields, ...(fromProfile && version ? { version } : {}), ...(language ? { language } : {}) };
}

function nextDialog(previous: DialogState, result: AnswerResult, kind: StandaloneKind): DialogState {
  if (result.outcome === 'clarify' && result.clarifyOptions) {
    return { topic: previous.topic, pending: { kind: 'version', question: result.standalone, options: result.clarifyOptions, documents: result.clarifyDocuments, lang: result.lang } };
  }
  if (result.route === 'out_of_scope') return { topic: previous.topic };
  const article = result.citations[0]?.documentId;
  if (kind === 'joined' && previous.topic) return { topic: { ...previous.topic, version: result.version ?? previous.topic.version, ...(article ? { article } : {}) } };
  return { topic: { question: result.standalone, version: result.version, lang: result.lang, ...(article ? { article } : {}) } };
}

/** The built-in model has rules; an LLM decides for itself, with tools. */
function modelDecides(deps: AnswerDeps, input: TurnInput): input is TurnInput & { conversation: ModelTurnContext } {
  return input.conversation !== undefined && !deps.generator.id.startsWith('local:');
}

export async function answerTurn(deps: AnswerDeps, input: TurnInput, sink: TurnSink): Promise<TurnResult> {
  const dialog = input.dialog ?? {};
  const vocabulary = deps.termStats.vocabularyLanguage;
  // A message too short to tell its language is in the conversation's, else the customer's own (from their account), else the page's.
  const fromHistory = previousLanguage(input.history);
  const own = isLocale(input.customer?.language) ? input.customer.language : undefined;
  const prior = fromHistory ?? own ?? input.locale;
  const { lang, languageFromProfile } = await timeStage('language', () => {
    const detected: Locale = detectLanguage(input.question, { prior, vocabulary }) ?? prior ?? DEFAULT_LOCALE;
    const fromProfile = !fromHistory && own !== undefined && own !== input.locale && detected === own && detectLanguage(input.question, { vocabulary }) === undefined ? own : null;
    return { lang: detected, languageFromProfile: fromProfile };
  });
  if (modelDecides(deps, input)) return modelTurn(deps, input, lang, sink, languageFromProfile);
  const replies = REPLIES[lang];
  const out = new AnswerStream(sink);
  // The account request a follow-up leans on: this message, or the one it followed up.
  let accountTopic = input.question;
  const fixed = (result: Omit<AnswerResult, 'text' | 'ttftMs' | 'totalMs' | keyof ReturnType<typeof noRetrieval>> & Partial<AnswerResult>, note: string | null = null): TurnResult => ({
    ...out.finish({ ...noRetrieval(lang, input.question), ...result }),
    // Small talk and account requests leave the topic for the next follow-up, and drop a pending
    // clarification; an account request becomes the account topic.
    dialog: { topic: dialog.topic, ...(result.route === 'account' ? { account: { question: accountTopic } } : {}) },
    dialogNote: note,
  });

  // Route by form: chit-chat and account requests never reach retrieval.
  const formRoute = routeByForm(input.question);
  if (formRoute === 'chit_chat') {
    const chatLang = chitChatLanguage(input.question) ?? lang;
    out.emitWhole(REPLIES[chatLang].chitChat[chitChatKind(input.question) ?? 'greeting']);
    return fixed({ route: 'chit_chat', outcome: 'chit_chat', handoffOffered: false, lang: chatLang });
  }

  const understood = await timeStage('condense', () => understand(deps, input));
  if (isLocale(understood.lang)) return answerKnowledge(understood.lang);
  // Signed-in customers: whatever the intent recogniser reads as an account request ("why is my
  // bill so high?" → their invoice), except a question about what would follow a change ("if I
  // pay now, how long until …?"): the help articles answer that. Anonymous visitors are invited to
  // sign in when they ask to change something — not when they ask how to ("my modem needs a
  // restart, how?") or what would follow ("if I switch to L today, when do I get the data?"); a
  // question about bills in general gets the articles too. A reply to our own
  // clarifying question is never an account request.
  // An account follow-up ("move it to Thursday then") is read together with the account request before it.
  const accountQuestion = (text: string) => input.account?.requestedTool(text, lang) ?? null;
  const joinedAccount = dialog.account && input.signedIn && leansOnPrevious(input.question) ? `${dialog.account.question} ${input.question}` : null;
  // A visitor's message is read by what it asks: "Just upgraded to Wave Fiber 10G. Which port do I
  // need?" asks which port (the articles answer), though its story names a plan change.
  const alone = understood.kind === 'resolved' ? null : accountQuestion(input.signedIn ? input.question : askedPart(input.question));
  const joined = understood.kind === 'resolved' || alone || !joinedAccount ? null : accountQuestion(joinedAccount);
  const requestedTool = alone ?? joined;
  const accountText = joined ? joinedAccount! : input.question;
  if (joined) accountTopic = dialog.account!.question;
  // "If I pay now, how long until …?" asks what would follow, not for the change, signed in or not.
  const asksWhatFollows = isHypotheticalQuestion(askedPart(input.question));
  const accountRequest =
    understood.kind !== 'resolved' &&
    !asksWhatFollows &&
    (formRoute === 'account' ||
      (requestedTool !== null && (input.signedIn ? input.account?.answer !== undefined : (input.account?.isWrite ?? isWriteTool)(requestedTool) && !isHowToQuestion(input.question))));
  if (accountRequest) {
    if (!input.signedIn) {
      // "Can I talk to a person?": a visitor needs no account for that — the hand-off is offered.
      if (requestedTool === 'request_callback') {
        out.emitWhole(replies.personOffer);
        return fixed({ route: 'account', outcome: 'handoff', handoffOffered: true });
      }
      out.emitWhole(replies.signIn);
      return fixed({ route: 'account', outcome: 'sign_in', handoffOffered: false });
    }
    if (!input.account?.answer) {
      out.emitWhole(replies.accountSoon);
      return fixed({ route: 'account', outcome: 'no_answer', handoffOffered: true });
    }
    const turns = input.history.filter((t) => t.role === 'user' || t.role === 'assistant');
    const account = await input.account.answer({ question: accountText, lang, history: turns }, { text: out.emit, approval: (card) => sink.approval?.(card) });
    if (account.outcome === 'no_answer' || account.outcome === 'error') {
      if (!out.text) out.emitWhole(account.outcome === 'error' ? replies.modelUnavailable : replies.noAnswer);
    }
    return fixed({
      route: 'account',
      outcome: account.outcome === 'no_answer' ? 'no_answer' : account.outcome,
      handoffOffered: account.outcome === 'no_answer' || account.outcome === 'error',
      model: account.model,
      tools: account.tools.map((t) => ({ name: t.toolName, input: t.input })),
      tokensIn: account.tokensIn,
      tokensOut: account.tokensOut,
      error: account.error,
    });
  }

  return answerKnowledge(lang);

  async function answerKnowledge(answerLang: Locale): Promise<TurnResult> {
    const chosen = answerVersion(deps, input, understood);
    // "My internet is slow": what the account knows (an outage here, the Box offline, services
    // restricted) comes first; a cause the articles explain is searched with the question.
    const trouble = troubleContext(input.customer, input.question, answerLang);
    const asked = knowledgeQuestion(input, understood, chosen, answerLang);
    const withCause = trouble?.cause ? { standalone: `${trouble.cause} ${asked.standalone}`, cause: trouble.cause } : {};
    const result = await answerFromKnowledge(deps, { ...asked, ...withCause, ...(trouble ? { lead: trouble.lead } : {}) }, sink);
    const profile = profileUse(chosen, answerLang === languageFromProfile ? languageFromProfile : null, trouble?.fields);
    const suggestions = trouble?.suggestion ? [...(result.suggestions ?? []), trouble.suggestion] : result.suggestions;
    return { ...result, suggestions, dialog: nextDialog(dialog, result, understood.kind), dialogNote: understood.note, ...(profile ? { profile } : {}) };
  }
}

/**
 * The LLM's turn: the dialog state and the golden answers still come first (a clarification reply
 * answers the question asked; experts beat models), then one model call with tools decides the
 * rest. When the model fails before saying anything, the built-in path answers if configured.
 */
async function modelTurn(
  deps: AnswerDeps,
  input: TurnInput & { conversation: ModelTurnContext },
  detected: Locale,
  sink: TurnSink,
  languageFromProfile: Locale | null,
): Promise<TurnResult> {
  let lang = detected;
  const dialog = input.dialog ?? {};
  const understood = await timeStage('condense', () => understand(deps, input));
  if (isLocale(understood.lang)) lang = understood.lang;
  const chosen = answerVersion(deps, input, understood);
  const golden = await answerFromGolden(deps, knowledgeQuestion(input, understood, chosen, lang), sink);
  if (golden) {
    const profile = profileUse(chosen, lang === languageFromProfile ? languageFromProfile : null);
    return { ...golden, dialog: nextDialog(dialog, golden, understood.kind), dialogNote: understood.note, ...(profile ? { profile } : {}) };
  }
  // "My internet is slow": the model is told what the account knows of it (an outage, the Box offline).
  const trouble = troubleContext(input.customer, input.question, lang);
  const profile = profileUse(chosen, lang === languageFromProfile ? languageFromProfile : null, trouble?.fields);
  const used = profile ? { profile } : {};
  // The model sees only the profile fields that shaped the turn (the customer's model, the outage), nothing else of the account.
  const ownDevice = chosen.fromProfile && chosen.version ? prettyVersion(chosen.version) : null;
  const accountFacts = trouble ? [trouble.forModel] : [];
  const result = await answerWithModelTools(deps, { input, lang, version: chosen.version, ownDevice, accountFacts, standalone: understood.standalone, ctx: input.conversation }, sink);
  if (result.outcome === 'error' && !result.text) {
    // The model failed before saying anything: the built-in path answers when configured…
    if (deps.fallback) {
      const local = { ...deps, generator: deps.fallback, condenser: undefined, fallback: undefined };
      const answered = await answerTurn(local, { ...input, conversation: undefined }, sink);
      return { ...answered, error: result.error };
    }
    // …else a plain apology with the hand-off offer.
    const out = new AnswerStream(sink);
    out.emitWhole(REPLIES[lang].modelUnavailable);
    return { ...result, text: out.text, ttftMs: out.ttftMs, dialog: { topic: dialog.topic }, dialogNote: understood.note, ...used };
  }
  return { ...result, dialog: nextDialog(dialog, result, understood.kind), dialogNote: understood.note, ...used };
}
