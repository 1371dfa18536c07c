import { contentTerms, type TextLanguage } from './text';

/**
 * List items that open with a bold label describing a case ("- **The Power LED stays orange for more
 * than 30 minutes**: switch the Box off, wait 30 seconds, switch it on") say what to do in that
 * case only. Their words answer a question that names the case, not any question that shares them:
 * "switch off, wait, switch on" under a failed update's label is not how to restart the Box. A short
 * label names an option or a field ("**Box 5**:", "**SMS**:", "**Name**:") and scopes nothing.
 */

/** A label of this many content words or more describes a case. */
export const MIN_CASE_LABEL_TERMS = 3;

// "- **Label**: body", "1. **Label:** body".
const LABELLED_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\*\*([^*]+?)(?::\*\*|\*\*\s*:)\s*(\S.*)$/;

export type CaseItem = { label: Set<string>; body: Set<string> };

/** A line's case label and body, when it is a case item. */
export function caseItemOf(line: string, lang: TextLanguage | undefined): { label: string; body: string; labelTerms: Set<string> } | null {
  const labelled = LABELLED_ITEM.exec(line);
  if (!labelled) return null;
  const labelTerms = new Set(contentTerms(labelled[1]!, lang));
  return labelTerms.size >= MIN_CASE_LABEL_TERMS ? { label: labelled[1]!, body: labelled[2]!, labelTerms } : null;
}

/** The content's case items, and the terms it states outside their bodies (labels included). */
export function caseItemsOf(content: string, lang: TextLanguage | undefined): { items: CaseItem[]; open: Set<string> } {
  const items: CaseItem[] = [];
  const openLines: string[] = [];
  for (const line of content.split('\n')) {
    const item = caseItemOf(line, lang);
    if (item) items.push({ label: item.labelTerms, body: new Set(contentTerms(item.body, lang)) });
    openLines.push(item ? item.label : line);
  }
  return { items, open: new Set(contentTerms(openLines.join('\n'), lang)) };
}
