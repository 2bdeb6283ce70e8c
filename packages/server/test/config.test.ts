import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { acceptedRisks, unsafeSettings } from '../src/system/safety.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      turnstile: null,
      google: null,
    });
    expect(config.dataDir).toMatch(/\/\.data$/);
    expect(config.staticDir).toMatch(/packages\/server\/\.\.\/app\/dist$/);
    expect(config.sessionTtlSeconds).toBe(30 * 24 * 3600);
    expect(config.secureCookies).toBe(false);
  });

  it('derives URLs and secure cookies from APP_URL', () => {
    const config = loadConfig({
      APP_URL: 'https://app.parlance.dev/',
      PUBLIC_URL: 'https://api.parlance.dev',
    });
    expect(config).toMatchObject({
      appUrl: 'https://app.parlance.dev',
      publicUrl: 'https://api.parlance.dev',
      secureCookies: true,
    });
  });

  it('turns the bot check and Google sign-in on only when their secrets are set', () => {
    const config = loadConfig({
      TURNSTILE_SECRET: 's',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.turnstile).toMatchObject({ secret: 's', siteKey: null });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toBeNull();
  });

  it('lists every invalid variable in one readable error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL:');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('reads the billing and transcription settings in the same pass, with the same errors', () => {
    const config = loadConfig({ SIGNUP_BONUS_CENTS: '250', MAX_AUDIO_SECONDS: '30' });
    expect(config.billing).toEqual({
      signupBonusMicros: 2_500_000,
      testMode: true,
      stripe: null,
    });
    expect(config.transcription).toMatchObject({
      maxAudioSeconds: 30,
      defaultModels: { default: 'base', defaultEnglish: 'tiny.en' },
    });
    const wrong = () => loadConfig({ PORT: 'x', SIGNUP_BONUS_CENTS: '-1', MAX_UPLOAD_MB: 'big' });
    expect(wrong).toThrow(ConfigError);
    expect(wrong).toThrow(/PORT:[\s\S]*SIGNUP_BONUS_CENTS:[\s\S]*MAX_UPLOAD_MB:/);
    // The engine's device, read by the engine itself: a wrong one stops the server, by name.
    expect(() => loadConfig({ PARLANCE_DEVICE: 'gpu' })).toThrow(/PARLANCE_DEVICE:/);
    expect(() => loadConfig({ PARLANCE_DEVICE: 'cuda' })).not.toThrow();
    // Settings that only hold together name the one to add.
    const halfDone = () => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', BLOB_STORE: 's3' });
    expect(halfDone).toThrow(/STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required/);
    expect(halfDone).toThrow(/STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is required/);
    const stripe = { STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: .* both be live keys or both test keys/,
    );
    // A stand-in for Stripe never goes with a live key, deployed or not.
    const live = { ...stripe, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
    expect(() => loadConfig({ ...live, STRIPE_JS_URL: 'http://127.0.0.1:9/v3/stripe.js' })).toThrow(
      /STRIPE_JS_URL: .* refused with a live key/,
    );
    expect(() => loadConfig({ ...live, STRIPE_API_BASE: 'http://127.0.0.1:9' })).toThrow(
      /STRIPE_API_BASE: .* refused with a live key/,
    );
    expect(halfDone).toThrow(/S3_BUCKET: S3_BUCKET is required when BLOB_STORE=s3/);
  });
});

describe('what a deployment refuses', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  };
  const safe = {
    NODE_ENV: 'production',
    APP_URL: 'https://app.parlance.dev',
    SMTP_URL: 'smtp://mail.parlance.dev',
    MAIL_FROM: 'Parlance <hello@parlance.dev>',
    TURNSTILE_SECRET: 'secret',
    TURNSTILE_SITE_KEY: 'site',
  };
  const problems = (env: Record<string, string>, paid = true) =>
    unsafeSettings(loadConfig({ ...env, ...(paid ? stripe : {}) }));

  it('nothing, once each setting is safe', () => {
    expect(problems(safe)).toEqual([]);
  });

  it.each([
    ['the test payment provider', {}, false, 'STRIPE_SECRET_KEY is not set'],
    [
      'a Stripe test-mode key',
      {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      },
      false,
      'STRIPE_SECRET_KEY is a test-mode key',
    ],
    ['no SMTP', { SMTP_URL: '' }, true, 'SMTP_URL is not set'],
    ['no sender of our own', { MAIL_FROM: '' }, true, 'MAIL_FROM is not set'],
    [
      'no bot check',
      { TURNSTILE_SECRET: '', TURNSTILE_SITE_KEY: '' },
      true,
      'TURNSTILE_SECRET is not set',
    ],
    [
      'a bot check the app cannot show',
      { TURNSTILE_SITE_KEY: '' },
      true,
      'TURNSTILE_SITE_KEY is not set',
    ],
    [
      'cookies over http',
      { APP_URL: 'http://app.parlance.dev' },
      true,
      'APP_URL is http://app.parlance.dev',
    ],
  ])('%s, unless opted into', (_what, change, paid, message) => {
    const found = problems({ ...safe, ...change }, paid);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it.each(['STRIPE_API_BASE', 'STRIPE_JS_URL'])(
    '%s (a stand-in for Stripe in tests), with no flag to accept it',
    (name) => {
      // With test keys (a live key refuses a stand-in outright), test payments accepted.
      const test = {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        ALLOW_TEST_PAYMENTS: 'true',
      };
      const found = problems({ ...safe, ...test, [name]: 'http://127.0.0.1:9/' }, false);
      expect(found).toEqual([expect.stringContaining(`${name} is http://127.0.0.1:9/`)]);
    },
  );

  it('each ALLOW_ flag accepts only its own risk, and the start-up log names what was accepted', () => {
    const everything = { NODE_ENV: 'production' };
    expect(problems(everything, false)).toHaveLength(4);
    const flags = {
      ALLOW_TEST_PAYMENTS: 'true',
      ALLOW_MAIL_OUTBOX: 'true',
      ALLOW_NO_BOT_CHECK: 'true',
      ALLOW_INSECURE_COOKIES: 'true',
    };
    expect(problems({ ...everything, ...flags }, false)).toEqual([]);
    expect(acceptedRisks(loadConfig({ ...everything, ...flags }))).toEqual([
      'ALLOW_TEST_PAYMENTS=true: STRIPE_SECRET_KEY is not set',
      'ALLOW_MAIL_OUTBOX=true: SMTP_URL is not set',
      'ALLOW_NO_BOT_CHECK=true: TURNSTILE_SECRET is not set',
      'ALLOW_INSECURE_COOKIES=true: APP_URL is http',
    ]);
    // A flag for a risk the deployment does not run accepts nothing, and says nothing.
    expect(acceptedRisks(loadConfig({ ...safe, ...stripe, ...flags }))).toEqual([]);
  });

  it('a local install (loopback app URL, not production) is not a deployment', () => {
    expect(loadConfig({}).deployed).toBe(false);
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:3000' }).deployed).toBe(false);
    expect(loadConfig({ APP_URL: 'https://parlance.example.com' }).deployed).toBe(true);
    // Listening beyond this machine, or reached at another host, is a deployment too.
    expect(loadConfig({ HOST: '0.0.0.0' }).deployed).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://api.parlance.example.com' }).deployed).toBe(true);
    // So is a server behind a proxy, even one on this machine (its requests come from loopback).
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).deployed).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).deployed).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' })).toMatchObject({ deployed: false, trustProxy: false });
    expect(problems({}, false)).toEqual([]);
  });
});
