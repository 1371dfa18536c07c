import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SEARCH_WEIGHTS, type SearchWeights } from '@/lib/rag/search-weights';
import { LOG_LEVELS } from '@/lib/observability/logger';
import { isValidHost } from '@/lib/network/listen-host.mjs';

/**
 * The one module that reads process.env. Everything else receives a Config.
 * Every variable is documented in the README's configuration table.
 */

const postgresUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    // The value itself is never echoed: it may hold a password.
    { message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database' },
  );

/**
 * FRAME_ANCESTORS: who may put Lantern in a frame. 'self', 'none', or http(s) origins (a leading
 * `*.` for subdomains), space-separated. Parsed token by token so nothing else (`;`, paths, `*`)
 * can reach the Content-Security-Policy header.
 */
function frameAncestorSource(token: string): boolean {
  if (token === "'self'") return true;
  const scheme = token.startsWith('https://') ? 'https://' : token.startsWith('http://') ? 'http://' : undefined;
  if (!scheme) return false;
  const rest = token.slice(scheme.length);
  const host = rest.startsWith('*.') ? rest.slice(2) : rest;
  try {
    const url = new URL(scheme + host);
    // Only an origin: no path, query, credentials; the URL parser must not have rewritten it.
    return url.origin.toLowerCase() === (scheme + host).toLowerCase() && !host.includes('*');
  } catch {
    return false;
  }
}

const frameAncestors = z
  .string()
  .trim()
  .transform((value) => value.split(/\s+/))
  .refine((tokens) => (tokens.length === 1 && tokens[0] === "'none'") || tokens.every(frameAncestorSource), {
    message: "must be 'self', 'none', or space-separated origins such as \"'self' https://www.example.com\"",
  })
  .transform((tokens) => tokens.join(' '));

/**
 * WIDGET_SITES: the websites that may embed the chat widget (widget.js), separated by spaces or
 * commas. Each is an http(s) origin, optionally `=secret`: the shared secret (≥ 32 characters)
 * with which that site's backend signs its customers' identities (lib/embed/identity.ts).
 * E.g. `https://www.example.com https://portal.example.com=<secret>`.
 */
export type WidgetSite = { origin: string; secret: string | undefined };

function widgetSite(entry: string): WidgetSite | string {
  const split = entry.indexOf('=');
  const origin = split === -1 ? entry : entry.slice(0, split);
  const secret = split === -1 ? undefined : entry.slice(split + 1);
  if (!/^https?:\/\//.test(origin) || !frameAncestorSource(origin) || origin.includes('*')) {
    // The origin is echoed (not secret); the secret never is.
    return `${origin} is not an origin such as https://www.example.com`;
  }
  if (secret !== undefined && secret.length < 32) return `the secret of ${origin} must be at least 32 characters`;
  return { origin: new URL(origin).origin, secret };
}

const widgetSites = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const sites: WidgetSite[] = [];
    for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
      const site = widgetSite(entry);
      if (typeof site === 'string') ctx.addIssue({ code: 'custom', message: site });
      else sites.push(site);
    }
    return sites;
  });

/**
 * OIDC_ROLE_MAP: which identity-provider group gives which staff role, e.g.
 * `lantern-admins=admin, support=expert`. A member of several gets the strongest.
 */
export type OidcRoleMap = Record<string, 'expert' | 'analyst' | 'admin'>;
const oidcRoleMap = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const map: OidcRoleMap = {};
    for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
      const split = entry.lastIndexOf('=');
      const group = entry.slice(0, split).trim();
      const role = entry.slice(split + 1).trim();
      if (split <= 0 || (role !== 'expert' && role !== 'analyst' && role !== 'admin')) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not group=role (role: expert, analyst or admin)` });
      } else map[group] = role;
    }
    return map;
  });

/**
 * LANTERN_TIME_ZONE: the company's IANA time zone ("today", appointment times, dates in the
 * customer's words). Checked with Intl; stored in its canonical spelling (europe/zurich → Europe/Zurich).
 */
const timeZone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    try {
      // Offsets such as +01:00 are refused: a zone's offset changes with daylight saving time.
      if (!/^[a-z]/i.test(value)) throw new RangeError(value);
      return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not an IANA time zone such as Europe/Zurich or America/New_York` });
      return z.NEVER;
    }
  });

/** LANTERN_CURRENCY: the ISO 4217 code amounts are shown in ("CHF 64.00", "USD 64.00"). */
const currency = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), {
    message: 'must be an ISO 4217 currency code such as CHF, EUR or USD',
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const nonNegative = (fallback: number) => z.coerce.number().min(0).max(100).default(fallback);

/** Days to keep data; 0 keeps it forever. */
const retentionDays = (fallback: number) => z.coerce.number().int().min(0).max(36_500).default(fallback);

/**
 * Traces feed the Insights dashboards, whose ranges reach back up to 731 days
 * (lib/console/insights/range.ts MAX_DAYS): the default keeps every range whole.
 */
export const DEFAULT_RETENTION = { anonymousConversationDays: 90, traceDays: 731 } as const;

const envSchema = z.object({
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_READ_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  PGLITE_DIR: z.string().trim().min(1).optional(),
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  HOST: z.string().trim().refine(isValidHost, 'must be an IP address or a host name, such as 127.0.0.1 or 0.0.0.0').optional(),
  DEMO_ON_NETWORK: z.enum(['refuse', 'allow']).default('refuse'),
  // Set by scripts/start.mjs (npm start) to the address it listens on; not an operator setting.
  LANTERN_LISTEN_HOST: z.string().trim().optional(),
  LOGIN_RATE_LIMIT_MAX: positiveInt(5),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
  CONTENT_DIR: z.string().trim().min(1).default('content/articles'),
  INGEST_ON_START: z.enum(['auto', 'always', 'never']).default('auto'),
  SEARCH_WEIGHT_VECTOR: nonNegative(DEFAULT_SEARCH_WEIGHTS.vector),
  SEARCH_WEIGHT_FTS: nonNegative(DEFAULT_SEARCH_WEIGHTS.fts),
  SEARCH_WEIGHT_SIMPLE: nonNegative(DEFAULT_SEARCH_WEIGHTS.simple),
  SEARCH_RRF_K: positiveInt(DEFAULT_SEARCH_WEIGHTS.rrfK),
  SEARCH_SAME_LANGUAGE_BOOST: z.coerce.number().min(1).max(5).default(DEFAULT_SEARCH_WEIGHTS.sameLanguageBoost),
  SEARCH_MAX_DF: z.coerce.number().gt(0).max(1).default(DEFAULT_SEARCH_WEIGHTS.maxDfFraction),
  SEARCH_MAX_DF_CHUNKS: positiveInt(DEFAULT_SEARCH_WEIGHTS.maxDfChunks),
  RETRIEVAL_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.32),
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  OPENAI_BASE_URL: z.url({ message: 'must be an http(s) URL such as http://localhost:11434/v1' }).optional(),
  OPENAI_CHAT_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  OPENAI_EMBEDDING_MODEL: z.string().trim().min(1).default('text-embedding-3-small'),
  /** Where embeddings come from when an OpenAI-compatible server is configured: that server, or the built-in model. */
  EMBEDDING_PROVIDER: z.enum(['openai', 'local']).optional(),
  OPENAI_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).optional(),
  OPENAI_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).optional(),
  GOLDEN_MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(0.8),
  GOLDEN_SOURCE_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  CHAT_MAX_SOURCES: z.coerce.number().int().min(1).max(20).default(6),
  CHAT_MODEL_TIMEOUT_MS: positiveInt(30000),
  CHAT_FALLBACK: z.enum(['none', 'local']).default('none'),
  CHAT_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  SEARCH_RATE_LIMIT_PER_MINUTE: positiveInt(120),
  RATE_LIMIT_ADDRESS_FACTOR: positiveInt(4),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  FRAME_ANCESTORS: frameAncestors.default("'self'"),
  WIDGET_SITES: widgetSites.default([]),
  PUBLIC_URL: z.url({ message: 'must be the help center\'s public address, such as https://help.example.com' }).optional(),
  HANDOFF_WEBHOOK_URL: z.url({ message: 'must be an http(s) URL such as https://helpdesk.example.com/hooks/lantern' }).optional(),
  HANDOFF_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  HANDOFF_API_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  OIDC_ISSUER: z.url({ message: 'must be the identity provider\'s issuer URL, such as https://login.example.com/realms/staff' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60).default('company account'),
  OIDC_SCOPE: z.string().trim().min(1).default('openid email profile'),
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).default('groups'),
  OIDC_ROLE_MAP: oidcRoleMap.default({}),
  OIDC_DEFAULT_ROLE: z.enum(['expert', 'analyst', 'admin', 'none']).default('analyst'),
  STAFF_PASSWORD_LOGIN: z.enum(['on', 'off']).default('on'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  JOB_STALE_AFTER_SECONDS: positiveInt(30),
  SOURCE_SCHEDULE_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  SHUTDOWN_GRACE_SECONDS: positiveInt(25),
  LOCAL_ANSWER_MIN_COVERAGE: z.coerce.number().min(0).max(1).default(0.5),
  LOCAL_ANSWER_CONFIDENT_MIN_COVERAGE: z.coerce.number().min(0).max(1).default(0.38),
  LOCAL_ANSWER_CONFIDENT_SCORE: z.coerce.number().min(0).max(1).default(0.45),
  LOCAL_ANSWER_STRICT_MIN_COVERAGE: z.coerce.number().min(0).max(1).default(0.75),
  RETENTION_ANONYMOUS_CONVERSATION_DAYS: retentionDays(DEFAULT_RETENTION.anonymousConversationDays),
  RETENTION_TRACE_DAYS: retentionDays(DEFAULT_RETENTION.traceDays),
  /** A JSON file of action connectors (lib/actions/connectors/config.ts), read and checked at start. */
  LANTERN_CONNECTORS_FILE: z.string().trim().min(1).optional(),
  /** The secret connector requests are signed with (Lantern-Signature); the company's API checks it. */
  LANTERN_CONNECTORS_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
  LANTERN_TIME_ZONE: timeZone.default('Europe/Zurich'),
  LANTERN_CURRENCY: currency.default('CHF'),
});

export type Config = {
  /** readUrl: a replica for search and dashboards (DATABASE_READ_URL); writes stay on url. */
  /** thread: where the embedded database runs, its own worker thread (default) or the app's. */
  database: { kind: 'pglite'; dataDir: string; thread: 'worker' | 'main' } | { kind: 'postgres'; url: string; readUrl: string | undefined };
  dataDir: string;
  authSecret: string | undefined;
  seedDemo: 'auto' | 'always' | 'never';
  /**
   * host: the HOST setting. address: where the server listens, as npm start reports it
   * (undefined when started some other way, e.g. `next start` directly). demoOnNetwork:
   * 'allow' lets active demo accounts be served on a non-loopback address (with a warning).
   */
  listen: { host: string | undefined; address: string | undefined; demoOnNetwork: 'refuse' | 'allow' };
  loginRateLimit: { max: number; windowSeconds: number };
  content: { dir: string; ingestOnStart: 'auto' | 'always' | 'never' };
  search: SearchWeights;
  /** Below this reranked score the best passage is not trusted: the system abstains. */
  retrievalMinScore: number;
  /** Request limits (lib/http/rate-limits.ts); every count lives in the database. */
  rateLimits: {
    /** Searches one client address may run per minute (the page and the API together). */
    searchPerMinute: number;
    /** One address may send this many times what one visitor may (offices share an address). */
    addressFactor: number;
  };
  /** How many reverse proxies in front of the app append to X-Forwarded-For (0: none, use the TCP peer). */
  trustedProxyHops: number;
  /** The CSP's frame-ancestors sources: who may embed the site in a frame. */
  frameAncestors: string;
  /** The websites that may embed the chat widget, and the secrets their identities are signed with. */
  widget: { sites: WidgetSite[] };
  /** The help center's public address (PUBLIC_URL), for links sent elsewhere (webhooks); unset: paths only. */
  publicUrl: string | undefined;
  /** Hand-off events to a helpdesk (lib/webhooks); a reply can come back with the API token. */
  handoffWebhook: { url: string; secret: string; retryBaseMs: number } | undefined;
  handoffApiToken: string | undefined;
  /** Staff sign-in with the company's identity provider (OpenID Connect through Auth.js). */
  oidc:
    | { issuer: string; clientId: string; clientSecret: string; name: string; scope: string; groupsClaim: string; roleMap: OidcRoleMap; defaultRole: 'expert' | 'analyst' | 'admin' | 'none' }
    | undefined;
  /** 'off': staff sign in only through the identity provider (customers keep their passwords). */
  staffPasswordLogin: 'on' | 'off';
  /** Bearer token for GET /api/metrics (Prometheus); unset: only staff sessions may read it. */
  metricsToken: string | undefined;
  /** A running job whose instance has not beaten for this long is taken over by another instance. */
  jobs: { staleAfterMs: number; /** How often each instance looks for website sources whose crawl is due. */ sourceSchedulePollMs: number };
  /** On SIGTERM: how long in-flight chat answers may take to finish before they are cut off. */
  shutdownGraceMs: number;
  /** Purged by the job worker (lib/maintenance); 0 = keep forever. Expired rate-limit rows always go. */
  retention: { anonymousConversationDays: number; traceDays: number };
  /**
   * Action connectors (lib/actions/connectors/registry-load.ts reads and checks the file at start).
   * `env` is where a connector's "${ENV:NAME}" header values come from: this module reads the
   * environment, the connectors receive it.
   */
  connectors: { file: string | undefined; secret: string | undefined; env: Readonly<Record<string, string>> };
  /**
   * The company's time zone (IANA) and currency (ISO 4217): read through lib/business-settings.ts,
   * never hard-coded. Amounts are kept in hundredths (cents) and shown with two decimals.
   */
  business: { timeZone: string; currency: string };
  chat: {
    goldenMatchThreshold: number;
    goldenSourceThreshold: number;
    maxSources: number;
    modelTimeoutMs: number;
    fallback: 'none' | 'local';
    localMinCoverage: number;
    localConfidentMinCoverage: number;
    localConfidentScore: number;
    localStrictMinCoverage: number;
    /** Messages one visitor or user may send per minute. */
    rateLimitPerMinute: number;
  };
  model:
    | { provider: 'local' }
    | {
        provider: 'openai';
        /** Unset for a server that needs none (Ollama, vLLM, llama.cpp): no Authorization header is sent. */
        apiKey: string | undefined;
        baseURL: string | undefined;
        chatModel: string;
        embeddingModel: string;
        /** 'local': the built-in embedding model, with this server for chat only. */
        embeddings: 'openai' | 'local';
        /** USD per million tokens; undefined = look the model up in lib/ai/pricing.ts. */
        price: { inputPerMTok: number; outputPerMTok: number } | undefined;
      };
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, as they do in most .env tooling. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  const llm = Boolean(e.OPENAI_API_KEY || e.OPENAI_BASE_URL);
  if (e.EMBEDDING_PROVIDER === 'openai' && !llm) {
    throw new ConfigError('Invalid configuration: EMBEDDING_PROVIDER=openai needs OPENAI_BASE_URL or OPENAI_API_KEY (an OpenAI-compatible server)');
  }
  if (e.HANDOFF_WEBHOOK_URL && !e.HANDOFF_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: HANDOFF_WEBHOOK_URL needs HANDOFF_WEBHOOK_SECRET (at least 32 characters; the receiver checks the signature with it)');
  }
  if (e.HANDOFF_WEBHOOK_URL && !/^https?:\/\//.test(e.HANDOFF_WEBHOOK_URL)) {
    throw new ConfigError('Invalid configuration: HANDOFF_WEBHOOK_URL must be an http(s) URL');
  }
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcParts > 0 && oidcParts < 3) {
    throw new ConfigError('Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together (set all three, or none)');
  }
  if (e.STAFF_PASSWORD_LOGIN === 'off' && oidcParts === 0) {
    throw new ConfigError('Invalid configuration: STAFF_PASSWORD_LOGIN=off needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (staff would have no way to sign in)');
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (a read replica of the primary PostgreSQL)');
  }
  if (e.LANTERN_CONNECTORS_FILE && !e.LANTERN_CONNECTORS_SECRET) {
    throw new ConfigError('Invalid configuration: LANTERN_CONNECTORS_FILE needs LANTERN_CONNECTORS_SECRET (at least 32 characters; the company\'s API checks the customer signature with it)');
  }
  // Runtime paths, not build inputs: keep the bundler from tracing them.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR);
  return {
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, readUrl: e.DATABASE_READ_URL }
      : { kind: 'pglite', dataDir: path.resolve(/*turbopackIgnore: true*/ e.PGLITE_DIR ?? path.join(dataDir, 'pglite')), thread: e.PGLITE_THREAD },
    dataDir,
    authSecret: e.AUTH_SECRET,
    seedDemo: e.SEED_DEMO,
    listen: { host: e.HOST, address: e.LANTERN_LISTEN_HOST, demoOnNetwork: e.DEMO_ON_NETWORK },
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT_MAX, windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
    content: { dir: path.resolve(/*turbopackIgnore: true*/ e.CONTENT_DIR), ingestOnStart: e.INGEST_ON_START },
    search: {
      vector: e.SEARCH_WEIGHT_VECTOR,
      fts: e.SEARCH_WEIGHT_FTS,
      simple: e.SEARCH_WEIGHT_SIMPLE,
      rrfK: e.SEARCH_RRF_K,
      sameLanguageBoost: e.SEARCH_SAME_LANGUAGE_BOOST,
      maxDfFraction: e.SEARCH_MAX_DF,
      maxDfChunks: e.SEARCH_MAX_DF_CHUNKS,
    },
    retrievalMinScore: e.RETRIEVAL_MIN_SCORE,
    rateLimits: { searchPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE, addressFactor: e.RATE_LIMIT_ADDRESS_FACTOR },
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    frameAncestors: e.FRAME_ANCESTORS,
    widget: { sites: e.WIDGET_SITES },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    handoffWebhook:
      e.HANDOFF_WEBHOOK_URL && e.HANDOFF_WEBHOOK_SECRET
        ? { url: e.HANDOFF_WEBHOOK_URL, secret: e.HANDOFF_WEBHOOK_SECRET, retryBaseMs: Math.round(e.WEBHOOK_RETRY_BASE_SECONDS * 1000) }
        : undefined,
    handoffApiToken: e.HANDOFF_API_TOKEN,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            scope: e.OIDC_SCOPE,
            groupsClaim: e.OIDC_GROUPS_CLAIM,
            roleMap: e.OIDC_ROLE_MAP,
            defaultRole: e.OIDC_DEFAULT_ROLE,
          }
        : undefined,
    staffPasswordLogin: e.STAFF_PASSWORD_LOGIN,
    metricsToken: e.METRICS_TOKEN,
    jobs: { staleAfterMs: e.JOB_STALE_AFTER_SECONDS * 1000, sourceSchedulePollMs: e.SOURCE_SCHEDULE_POLL_SECONDS * 1000 },
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    retention: { anonymousConversationDays: e.RETENTION_ANONYMOUS_CONVERSATION_DAYS, traceDays: e.RETENTION_TRACE_DAYS },
    connectors: {
      file: e.LANTERN_CONNECTORS_FILE ? path.resolve(/*turbopackIgnore: true*/ e.LANTERN_CONNECTORS_FILE) : undefined,
      secret: e.LANTERN_CONNECTORS_SECRET,
      env: withoutEmpty(env),
    },
    business: { timeZone: e.LANTERN_TIME_ZONE, currency: e.LANTERN_CURRENCY },
    chat: {
      goldenMatchThreshold: e.GOLDEN_MATCH_THRESHOLD,
      goldenSourceThreshold: e.GOLDEN_SOURCE_THRESHOLD,
      maxSources: e.CHAT_MAX_SOURCES,
      modelTimeoutMs: e.CHAT_MODEL_TIMEOUT_MS,
      fallback: e.CHAT_FALLBACK,
      localMinCoverage: e.LOCAL_ANSWER_MIN_COVERAGE,
      localConfidentMinCoverage: e.LOCAL_ANSWER_CONFIDENT_MIN_COVERAGE,
      localConfidentScore: e.LOCAL_ANSWER_CONFIDENT_SCORE,
      localStrictMinCoverage: e.LOCAL_ANSWER_STRICT_MIN_COVERAGE,
      rateLimitPerMinute: e.CHAT_RATE_LIMIT_PER_MINUTE,
    },
    // A key (OpenAI itself) or a base URL alone (a local server that needs no key) selects it.
    model: llm
      ? {
          provider: 'openai',
          apiKey: e.OPENAI_API_KEY,
          baseURL: e.OPENAI_BASE_URL,
          chatModel: e.OPENAI_CHAT_MODEL,
          embeddingModel: e.OPENAI_EMBEDDING_MODEL,
          embeddings: e.EMBEDDING_PROVIDER ?? 'openai',
          price:
            e.OPENAI_PRICE_INPUT_PER_MTOK !== undefined || e.OPENAI_PRICE_OUTPUT_PER_MTOK !== undefined
              ? { inputPerMTok: e.OPENAI_PRICE_INPUT_PER_MTOK ?? 0, outputPerMTok: e.OPENAI_PRICE_OUTPUT_PER_MTOK ?? 0 }
              : undefined,
        }
      : { provider: 'local' },
  };
}

let cached: Config | undefined;

/** The process's configuration, parsed once. Throws ConfigError when invalid. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
