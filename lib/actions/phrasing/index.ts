/**
 * What the chat says about account data, in the customer's language (en/de/fr/it): the typed
 * results and refusals of the customer system (lib/actions/repository) as short Markdown, the
 * sentences around the approval card, and the approval card's preview translated. Template
 * based: every fact comes from a structured field; only free text the repository has nothing
 * else for (invoice line descriptions, outage descriptions, plan summaries) appears as it is.
 */
export { describeReadResult } from './read';
export { describeExecuted } from './executed';
export { describeRefusal, refusalSentence, REFUSAL_TEXTS } from './refusals';
export { approvalRequestText, declinedText, expiredText, failedText, interruptedText, notPossibleText, termsChangedText, unreadableText } from './approval';
export { localizePreview } from './preview';
export { describeConnectorDone, describeConnectorRead } from './connectors';
export type { Lang } from './format';
