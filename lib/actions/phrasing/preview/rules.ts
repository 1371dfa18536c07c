import type { Rule } from '../english';

/** How one write tool's English preview is recognised, part by part. */
export type PreviewRules = {
  title: Rule[];
  /** Change line labels. */
  label: Rule[];
  /** Change line values (before/after) that are sentences, not names or amounts. */
  value: Rule[];
  notes: Rule[];
};
