import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { billingConfigFrom, billingEnv, checkBillingEnv } from './billing/config.js';
import { flag, optionalString, optionalUrl } from './envFields.js';
import {
  checkTranscriptionEnv,
  transcriptionConfigFrom,
  transcriptionEnv,
} from './transcription/config.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverRoot = fileURLToPath(new URL('../', import.meta.url));

/** Mail's sender when MAIL_FROM is not set: fine for the local outbox, refused by a deployment. */
export const DEFAULT_MAIL_FROM = 'Parlance <no-reply@parlance.local>';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** What is wrong with one TRUST_PROXY entry (an address, a CIDR range or a named range), if anything. */
function proxyEntryProblem(entry: string): string | null {
  if (PROXY_RANGES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || (prefix !== undefined && !/^\d+$/.test(prefix)))
    return `${entry} is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`;
  if (prefix === undefined) return null;
  if (Number(prefix) > (version === 4 ? 32 : 128))
    return `${entry} has a prefix longer than its address`;
  if (Number(prefix) === 0)
    return `${entry} would trust every address, so any client could pick its own IP: name the proxies' own addresses or range`;
  return null;
}

const integer = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A duration for a timer: at most a day, as Node fires timers beyond 2^31 ms at once. */
const seconds = (fallback: number) =>
  z.coerce.number().int().positive().max(86_400).default(fallback);

/** The server's own settings: HTTP, storage, auth, mail, limits. */
const serverEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  // This machine only, unless told otherwise: listening beyond it makes this a deployment.
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: optionalString
    .pipe(z.string().min(16).optional())
    .describe(
      'the bearer token a scraper sends for GET /metrics (at least 16 characters); unset, /metrics answers this machine only',
    ),
  WORKER_HTTP_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .describe(
      'where a worker process (npm run worker) answers /api/health and /metrics; unset, it listens nowhere',
    ),
  PUBLIC_URL: optionalUrl,
  APP_URL: optionalUrl,
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .describe(
      'more host names (host or host:port, comma-separated) the server answers besides those of APP_URL and PUBLIC_URL, e.g. the one a proxy sends',
    ),
  DATA_DIR: z.string().default(`${repoRoot}.data`),
  DATABASE_URL: optionalUrl,
  STATIC_DIR: z.string().default(`${serverRoot}../app/dist`),
  SESSION_TTL: integer(30 * 24 * 60 * 60).describe('session lifetime in seconds, renewed on use'),
  TURNSTILE_SECRET: optionalString,
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_VERIFY_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalString.transform((value) => value ?? DEFAULT_MAIL_FROM),
  SUPPORT_EMAIL: z.email().default('support@parlance.local'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  REDIS_URL: optionalUrl.describe(
    'shares rate-limit counters between API processes; in memory without it',
  ),
  AUTH_RATE_LIMIT_WINDOW: integer(15 * 60).describe('seconds'),
  AUTH_RATE_LIMIT_IP_MAX: integer(50),
  AUTH_RATE_LIMIT_EMAIL_MAX: integer(10),
  API_RATE_LIMIT_WINDOW: integer(60).describe('seconds'),
  API_RATE_LIMIT_IP_MAX: integer(1200).describe('/v1 requests per IP and window'),
  API_RATE_LIMIT_IP_SUBMIT_MAX: integer(240).describe('/v1 submissions per IP and window'),
  API_RATE_LIMIT_KEY_MAX: integer(600).describe('/v1 requests per API key and window'),
  API_RATE_LIMIT_KEY_SUBMIT_MAX: integer(120).describe('/v1 submissions per API key and window'),
  API_RATE_LIMIT_USER_MAX: integer(1200).describe(
    '/v1 requests per account (all its keys) and window',
  ),
  API_RATE_LIMIT_USER_SUBMIT_MAX: integer(240).describe('/v1 submissions per account and window'),
  UPLOAD_IDLE_TIMEOUT: seconds(60).describe('seconds an upload may go without a byte'),
  UPLOAD_TIMEOUT: seconds(2 * 60 * 60).describe('seconds an upload may take in all'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx) => {
      if (value === '' || value === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value) || false; // 0 hops: no proxy
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'true would trust every X-Forwarded-For entry, so any client could pick its own IP: give the number of proxies in front of the server (e.g. 1) or their addresses',
        });
        return z.NEVER;
      }
      const entries = value.split(',').map((entry) => entry.trim());
      for (const entry of entries) {
        const problem = proxyEntryProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
      return entries;
    })
    .describe(
      'proxies in front of the server: their addresses/CIDRs (or loopback, linklocal, uniquelocal), or a hop count when nothing can reach the server except through them',
    ),
  // Explicit opt-ins to settings a deployment refuses by default (see src/system/safety.ts).
  ALLOW_TEST_PAYMENTS: flag,
  ALLOW_NO_BOT_CHECK: flag,
  ALLOW_INSECURE_COOKIES: flag,
  ALLOW_MAIL_OUTBOX: flag,
});

/**
 * Every setting the server and its workers read from the environment, validated once at start-up:
 * the server's own and the billing and transcription sections, each defined in its domain.
 */
const envSchema = serverEnv
  .extend(billingEnv.shape)
  .extend(transcriptionEnv.shape)
  .superRefine((env, ctx) => {
    checkBillingEnv(env, ctx);
    checkTranscriptionEnv(env, ctx);
  });

export type Env = z.input<typeof envSchema>;

/** The name of every setting the server and its workers read (deploy files are held to it). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? env.APP_URL ?? `http://localhost:${env.PORT}`).replace(
    /\/$/,
    '',
  );
  const appUrl = (env.APP_URL ?? publicUrl).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    /**
     * Served to others: NODE_ENV=production, behind a proxy (TRUST_PROXY: one on this machine
     * reaches the server from 127.0.0.1), or listening on (HOST) or reached at (APP_URL,
     * PUBLIC_URL) anything but this machine. A deployment refuses unsafe settings unless each
     * is opted into (src/system/safety.ts).
     */
    deployed:
      env.NODE_ENV === 'production' ||
      env.TRUST_PROXY !== false ||
      ![env.HOST, new URL(appUrl).hostname, new URL(publicUrl).hostname].every((host) =>
        LOOPBACK_HOSTS.has(host),
      ),
    allow: {
      testPayments: env.ALLOW_TEST_PAYMENTS,
      noBotCheck: env.ALLOW_NO_BOT_CHECK,
      insecureCookies: env.ALLOW_INSECURE_COOKIES,
      mailOutbox: env.ALLOW_MAIL_OUTBOX,
    },
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN ?? null,
    workerHttpPort: env.WORKER_HTTP_PORT,
    trustProxy: env.TRUST_PROXY,
    /** Where this API is reached by browsers and OAuth providers. */
    publicUrl,
    /** Where the web app lives; links in e-mails and redirects point here. */
    appUrl,
    /** Host names answered besides APP_URL's and PUBLIC_URL's (src/http/hostCheck.ts). */
    allowedHosts: env.ALLOWED_HOSTS,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    staticDir: env.STATIC_DIR,
    sessionTtlSeconds: env.SESSION_TTL,
    secureCookies: appUrl.startsWith('https://'),
    turnstile: env.TURNSTILE_SECRET
      ? {
          secret: env.TURNSTILE_SECRET,
          siteKey: env.TURNSTILE_SITE_KEY ?? null,
          verifyUrl: env.TURNSTILE_VERIFY_URL,
        }
      : null,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, support: env.SUPPORT_EMAIL },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : null,
    redisUrl: env.REDIS_URL,
    authRateLimit: {
      windowMs: env.AUTH_RATE_LIMIT_WINDOW * 1000,
      perIp: env.AUTH_RATE_LIMIT_IP_MAX,
      perEmail: env.AUTH_RATE_LIMIT_EMAIL_MAX,
    },
    /** Every /v1 request counts per IP and per caller; submissions also against their own, lower limits. */
    apiRateLimit: {
      windowMs: env.API_RATE_LIMIT_WINDOW * 1000,
      perIp: env.API_RATE_LIMIT_IP_MAX,
      perIpSubmissions: env.API_RATE_LIMIT_IP_SUBMIT_MAX,
      perKey: env.API_RATE_LIMIT_KEY_MAX,
      perKeySubmissions: env.API_RATE_LIMIT_KEY_SUBMIT_MAX,
      perUser: env.API_RATE_LIMIT_USER_MAX,
      perUserSubmissions: env.API_RATE_LIMIT_USER_SUBMIT_MAX,
    },
    /** An upload that stalls this long, or is not complete by the deadline, is cut off (408). */
    uploadTimeouts: { idleMs: env.UPLOAD_IDLE_TIMEOUT * 1000, totalMs: env.UPLOAD_TIMEOUT * 1000 },
    billing: billingConfigFrom(env),
    transcription: transcriptionConfigFrom(env),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration, throwing one readable message that lists every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
