import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
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
});
