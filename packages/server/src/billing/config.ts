import { z } from 'zod';
import { centsToMicros } from './money.js';

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const billingEnv = z
  .object({
    /** Whole cents, as a person sets a price; kept in micro-dollars once loaded. */
    SIGNUP_BONUS_CENTS: z.coerce.number().int().min(0).max(100_000).default(500),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    /** Overrides https://api.stripe.com (a local fake in tests, or stripe-mock). */
    STRIPE_API_BASE: optional.pipe(z.url().optional()),
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    error: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    path: ['STRIPE_WEBHOOK_SECRET'],
  });

export interface BillingConfig {
  /** Credit granted once when an account is verified, in micro-dollars; 0 disables it. */
  signupBonusMicros: number;
  /** null: the built-in test provider takes payments. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    publishableKey: string | null;
    apiBase?: URL;
  } | null;
}

export function loadBillingConfig(
  env: Record<string, string | undefined> = process.env,
): BillingConfig {
  const parsed = billingEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid billing configuration:\n${lines.join('\n')}`);
  }
  const {
    SIGNUP_BONUS_CENTS,
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY,
    STRIPE_API_BASE,
  } = parsed.data;
  return {
    signupBonusMicros: centsToMicros(SIGNUP_BONUS_CENTS),
    stripe:
      STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: STRIPE_SECRET_KEY,
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            publishableKey: STRIPE_PUBLISHABLE_KEY ?? null,
            ...(STRIPE_API_BASE ? { apiBase: new URL(STRIPE_API_BASE) } : {}),
          }
        : null,
  };
}
