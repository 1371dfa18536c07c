/** What the test editor's and the import form's server actions answer (shared by the pages and the actions). */
export type TestFormState = { status: 'idle' } | { status: 'error'; message: string; issues: string[] };
export type ImportFormState = { status: 'idle' } | { status: 'error'; message: string; issues: string[] } | { status: 'done'; added: number; replaced: number };
export type MakeTestState = TestFormState;
