import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverRoot = fileURLToPath(new URL('../', import.meta.url));

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

const integer = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting the server reads from its environment, validated once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalUrl,
  APP_URL: optionalUrl,
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
  MAIL_FROM: z.string().default('Parlance <no-reply@parlance.local>'),
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
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type Env = z.input<typeof envSchema>;

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? env.APP_URL ?? `http://localhost:${env.PORT}`).replace(
    /\/$/,
    '',
  );
  const appUrl = (env.APP_URL ?? publicUrl).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    /** Where this API is reached by browsers and OAuth providers. */
    publicUrl,
    /** Where the web app lives; links in e-mails and redirects point here. */
    appUrl,
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
