import type { LineError } from './jsonl';
import type { FieldErrors } from './schema';
import type { TryResult } from './try-it';

/**
 * What the console's golden-answer server actions answer (app/admin/golden/actions.ts). Plain
 * data, so client components can import the types. `forbidden` is the server's refusal: the
 * forms are not rendered for read-only roles, and a forged post gets this.
 */
export type ActionFailure = {
  status: 'error';
  code: 'forbidden' | 'unauthenticated' | 'unavailable' | 'invalid' | 'missing_sources' | 'id_taken' | 'not_found' | 'conflict' | 'too_large' | 'bad_file';
  message: string;
  fieldErrors?: FieldErrors;
  missingSources?: string[];
};

export type GoldenFormState = { status: 'idle' } | ActionFailure;
export type DeleteState = { status: 'idle' } | ActionFailure;

export type ImportState =
  | { status: 'idle' }
  | ActionFailure
  | { status: 'rejected'; fileName: string; errors: LineError[]; lines: number }
  | { status: 'imported'; fileName: string; created: string[]; updated: string[]; unchanged: string[]; warnings: LineError[] };

export type ThresholdState = { status: 'idle' } | ActionFailure | { status: 'saved'; value: number | null };

export type TryState = { status: 'idle' } | ActionFailure | { status: 'done'; result: TryResult };
