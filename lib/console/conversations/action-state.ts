/** What a console form's server action answers (useActionState). Safe to import in the browser. */
export type ConsoleActionState = { status: 'idle' } | { status: 'ok'; message: string } | { status: 'error'; message: string };

export const IDLE: ConsoleActionState = { status: 'idle' };

export const ok = (message: string): ConsoleActionState => ({ status: 'ok', message });
export const fail = (message: string): ConsoleActionState => ({ status: 'error', message });
