import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequest } from './request-context';

/**
 * Structured JSON logs, one object per line on stdout (pino). Every line written while a
 * request is handled carries its requestId (a mixin reads the request context). Message bodies
 * and secrets are never logged at info: callers log ids, counts and timings, and the redaction
 * list below is a safety net for fields that must never appear at any level.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const REDACTED_PATHS = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'secret',
  '*.secret',
  'databaseUrl',
  '*.databaseUrl',
];

export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: 'lantern', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Level names ("info") read better than numbers in most log tools.
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin() {
      const request = currentRequest();
      return request ? { requestId: request.requestId, route: request.route } : {};
    },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

const KEY = Symbol.for('lantern.logger');
type Holder = { [KEY]?: Logger };

/** The process-wide logger. LOG_LEVEL picks the level (default info); set before first use. */
export function log(): Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= createLogger({ level: levelFromEnvironment() });
  return holder[KEY];
}

/** For tests: send the process-wide logger's lines somewhere else. */
export function setLoggerForTests(logger: Logger | undefined): void {
  (globalThis as Holder)[KEY] = logger;
}

// Read directly, not through getConfig(): the logger must work when the configuration is invalid,
// because that is exactly what it has to report. config.ts validates the same variable.
function levelFromEnvironment(): LogLevel {
  const value = process.env.LOG_LEVEL?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : 'info';
}

/** An error as loggable fields: name, message (bounded) and code; no stack, no request data. */
export function errorFields(error: unknown): { error: { name: string; message: string; code?: string } } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { error: { name: error.name, message: error.message.slice(0, 2000), ...(typeof code === 'string' ? { code } : {}) } };
  }
  return { error: { name: 'Error', message: String(error).slice(0, 2000) } };
}
