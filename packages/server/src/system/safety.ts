import { ConfigError, type Config } from '../config.js';

/**
 * Settings that are fine on a laptop and dangerous on the internet. A deployment (see
 * `Config.deployed`) refuses to start with any of them unless it is opted into by its
 * ALLOW_ flag, so nothing unsafe happens by leaving a variable out. Each line names the
 * variable to set and the flag that accepts the risk.
 */
export function unsafeSettings(config: Config): string[] {
  if (!config.deployed) return [];
  const problems: string[] = [];
  if (!config.billing.stripe && !config.allow.testPayments)
    problems.push(
      'STRIPE_SECRET_KEY is not set: payments would go to the built-in test provider, where test card numbers buy real credit. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS=true to run in test mode (the app then shows a test-mode banner).',
    );
  if (!config.mail.smtpUrl && !config.allow.mailOutbox)
    problems.push(
      'SMTP_URL is not set: verification codes and password-reset links could not be delivered. Set SMTP_URL, or ALLOW_MAIL_OUTBOX=true to keep mail in the database only (no route serves it).',
    );
  if (!config.turnstile && !config.allow.noBotCheck)
    problems.push(
      'TURNSTILE_SECRET is not set: sign-up, sign-in and password reset would have no bot check. Set TURNSTILE_SECRET and TURNSTILE_SITE_KEY, or ALLOW_NO_BOT_CHECK=true.',
    );
  if (config.turnstile && !config.turnstile.siteKey)
    problems.push(
      'TURNSTILE_SITE_KEY is not set while TURNSTILE_SECRET is: the web app could not show the bot check, so nobody could sign up.',
    );
  if (!config.secureCookies && !config.allow.insecureCookies)
    problems.push(
      `APP_URL is ${config.appUrl}: session cookies would travel without the Secure flag over plain http. Serve the app over https, or ALLOW_INSECURE_COOKIES=true.`,
    );
  return problems;
}

/** Stops start-up with every unsafe setting named, when there is any. */
export function assertSafeToServe(config: Config): void {
  const problems = unsafeSettings(config);
  if (problems.length === 0) return;
  throw new ConfigError(
    `Refusing to start: this is a deployment (${config.nodeEnv === 'production' ? 'NODE_ENV=production' : `APP_URL ${config.appUrl}`}) with unsafe settings:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
  );
}
