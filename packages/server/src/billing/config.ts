import { z } from 'zod';
import { optionalString, optionalUrl } from '../envFields.js';
import { centsToMicros } from './money.js';

/** The billing section of the environment (read with the rest by loadConfig). */
export const billingEnv = z.object({
  /** Whole cents, as a person sets a price; kept in micro-dollars once loaded. */
  SIGNUP_BONUS_CENTS: z.coerce.number().int().min(0).max(100_000).default(500),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /** Overrides https://api.stripe.com (a local fake in tests, or stripe-mock); never deployed. */
  STRIPE_API_BASE: optionalUrl,
  /** Overrides Stripe.js from https://js.stripe.com (a local stand-in in tests); never deployed. */
  STRIPE_JS_URL: optionalUrl,
});

/** Settings that only hold together: each names the variable to fix. */
export function checkBillingEnv(env: z.output<typeof billingEnv>, ctx: z.RefinementCtx): void {
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
      path: ['STRIPE_WEBHOOK_SECRET'],
    });
  }
  const live = (key: string | undefined) => (key ? /^(sk|rk|pk)_live_/.test(key) : false);
  if (
    env.STRIPE_SECRET_KEY &&
    env.STRIPE_PUBLISHABLE_KEY &&
    live(env.STRIPE_SECRET_KEY) !== live(env.STRIPE_PUBLISHABLE_KEY)
  ) {
    ctx.addIssue({
      code: 'custom',
      message:
        'STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be live keys or both test keys',
      path: ['STRIPE_PUBLISHABLE_KEY'],
    });
  }
  for (const name of ['STRIPE_API_BASE', 'STRIPE_JS_URL'] as const) {
    if (env[name] && live(env.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} points Stripe at a stand-in, which only tests use: it is refused with a live key`,
        path: [name],
      });
    }
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    ctx.addIssue({
      code: 'custom',
      message:
        'STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set: the web app adds cards with Stripe.js',
      path: ['STRIPE_PUBLISHABLE_KEY'],
    });
  }
}

export interface BillingConfig {
  /** Credit granted once when an account is verified, in micro-dollars; 0 disables it. */
  signupBonusMicros: number;
  /**
   * No real money changes hands: the built-in test provider takes payments (no Stripe), or
   * Stripe does with a test-mode key (sk_test_, rk_test_), where test card numbers pay.
   */
  testMode: boolean;
  /** null: the built-in test provider takes payments. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    publishableKey: string;
    apiBase?: URL;
    /** Where the web app loads Stripe.js from instead of Stripe (a test stand-in). */
    jsUrl?: URL;
  } | null;
}

export function billingConfigFrom(env: z.output<typeof billingEnv>): BillingConfig {
  const {
    SIGNUP_BONUS_CENTS,
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY,
    STRIPE_API_BASE,
    STRIPE_JS_URL,
  } = env;
  const stripe =
    STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET && STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: STRIPE_SECRET_KEY,
          webhookSecret: STRIPE_WEBHOOK_SECRET,
          publishableKey: STRIPE_PUBLISHABLE_KEY,
          ...(STRIPE_API_BASE ? { apiBase: new URL(STRIPE_API_BASE) } : {}),
          ...(STRIPE_JS_URL ? { jsUrl: new URL(STRIPE_JS_URL) } : {}),
        }
      : null;
  return {
    signupBonusMicros: centsToMicros(SIGNUP_BONUS_CENTS),
    testMode: !stripe || /^(sk|rk)_test_/.test(stripe.secretKey),
    stripe,
  };
}
