import { ConfigError, DEFAULT_MAIL_FROM, type Config } from '../config.js';

interface Risk {
  /** What is unsafe, and what to set instead. */
  problem: string;
  /** The ALLOW_ flag that accepts it, if it can be accepted; whether it is set. */
  flag?: { name: string; set: boolean };
}

/** The settings of a deployment (see `Config.deployed`) that are fine on a laptop and dangerous on the internet. */
function risks(config: Config): Risk[] {
  if (!config.deployed) return [];
  const { allow } = config;
  const found: Risk[] = [];
  if (config.billing.testMode)
    found.push({
      problem: `${config.billing.stripe ? 'STRIPE_SECRET_KEY is a test-mode key: Stripe would take payments' : 'STRIPE_SECRET_KEY is not set: payments would go to the built-in test provider'}, where test card numbers buy real credit. Set STRIPE_SECRET_KEY (a live key) and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS=true to run in test mode (the app then shows a test-mode banner).`,
      flag: { name: 'ALLOW_TEST_PAYMENTS', set: allow.testPayments },
    });
  const { stripe } = config.billing;
  for (const [name, url] of [
    ['STRIPE_API_BASE', stripe?.apiBase],
    ['STRIPE_JS_URL', stripe?.jsUrl],
  ] as const) {
    if (url)
      found.push({
        problem: `${name} is ${url.href}: card details and payments would go there instead of to Stripe. It exists for tests against a local stand-in; unset it.`,
      });
  }
  if (!config.mail.smtpUrl)
    found.push({
      problem:
        'SMTP_URL is not set: verification codes and password-reset links could not be delivered. Set SMTP_URL, or ALLOW_MAIL_OUTBOX=true to keep mail in the database only (no route serves it).',
      flag: { name: 'ALLOW_MAIL_OUTBOX', set: allow.mailOutbox },
    });
  else if (config.mail.from === DEFAULT_MAIL_FROM)
    found.push({
      problem: `MAIL_FROM is not set: mail would come from ${DEFAULT_MAIL_FROM}, a domain nobody can send from. Set MAIL_FROM to an address of your own domain.`,
    });
  if (!config.turnstile)
    found.push({
      problem:
        'TURNSTILE_SECRET is not set: sign-up and sign-in would have no bot check. Set TURNSTILE_SECRET and TURNSTILE_SITE_KEY, or ALLOW_NO_BOT_CHECK=true.',
      flag: { name: 'ALLOW_NO_BOT_CHECK', set: allow.noBotCheck },
    });
  else if (!config.turnstile.siteKey)
    found.push({
      problem:
        'TURNSTILE_SITE_KEY is not set while TURNSTILE_SECRET is: the web app could not show the bot check, so nobody could sign up.',
    });
  if (!config.secureCookies)
    found.push({
      problem: `APP_URL is ${config.appUrl}: session cookies would travel without the Secure flag over plain http. Serve the app over https, or ALLOW_INSECURE_COOKIES=true.`,
      flag: { name: 'ALLOW_INSECURE_COOKIES', set: allow.insecureCookies },
    });
  return found;
}

/**
 * What a deployment refuses to start with: every unsafe setting not opted into by its ALLOW_
 * flag, so nothing unsafe happens by leaving a variable out. Each line names the variable to set
 * and the flag that accepts the risk.
 */
export function unsafeSettings(config: Config): string[] {
  return risks(config)
    .filter((risk) => !risk.flag?.set)
    .map((risk) => risk.problem);
}

/** The risks a deployment runs because it opted into them, for the start-up log to say. */
export function acceptedRisks(config: Config): string[] {
  return risks(config)
    .filter((risk) => risk.flag?.set)
    .map((risk) => `${risk.flag?.name}=true: ${risk.problem.split(':')[0]}`);
}

/** Stops start-up with every unsafe setting named, when there is any. */
export function assertSafeToServe(config: Config): void {
  const problems = unsafeSettings(config);
  if (problems.length === 0) return;
  throw new ConfigError(
    `Refusing to start: this is a deployment (${config.nodeEnv === 'production' ? 'NODE_ENV=production' : `APP_URL ${config.appUrl}`}) with unsafe settings:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
  );
}
