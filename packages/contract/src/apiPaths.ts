/**
 * The API's paths by domain, as patterns in the syntax Fastify and MSW share
 * (`/api/api-keys/:id`); the session's are in sessionPaths.ts.
 */

/** Signing in, and signing out on every device (the account page). */
export const authPaths = {
  register: '/api/auth/register',
  verifyCode: '/api/auth/verify-code',
  resendCode: '/api/auth/resend-code',
  login: '/api/auth/login',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  logoutAll: '/api/auth/logout-all',
} as const;

export const accountPaths = {
  account: '/api/account',
  password: '/api/account/password',
  webhookSecret: '/api/account/webhook-secret',
  rotateWebhookSecret: '/api/account/webhook-secret/rotate',
  contact: '/api/contact',
} as const;

export const apiKeyPaths = {
  list: '/api/api-keys',
  key: '/api/api-keys/:id',
  toggle: '/api/api-keys/:id/toggle',
  limit: '/api/api-keys/:id/limit',
} as const;

export const billingPaths = {
  rates: '/api/billing/rates',
  info: '/api/billing/info',
  spendLimit: '/api/billing/spend-limit',
  autoTopUp: '/api/billing/auto-top-up',
  lowBalanceAlert: '/api/billing/low-balance-alert',
  creditHistory: '/api/billing/credits/history',
  creditHistoryCsv: '/api/billing/credits/history.csv',
  receipt: '/api/billing/receipts/:id',
  receiptPdf: '/api/billing/receipts/:id/pdf',
  billingName: '/api/billing/billing-name',
  paymentMethodList: '/api/billing/payment-methods/list',
  checkRecentPaymentMethod: '/api/billing/payment-methods/check-recent',
  addPaymentMethod: '/api/billing/payment-methods',
  deletePaymentMethod: '/api/billing/payment-methods/delete',
  defaultPaymentMethod: '/api/billing/payment-method',
  purchaseCredits: '/api/billing/credits/purchase',
  purchaseWithPaymentMethod: '/api/billing/credits/payment-method',
  stripeWebhook: '/api/billing/webhook/stripe',
} as const;

export const usagePaths = {
  overview: '/api/usage/overview',
  chart: '/api/usage/chart',
  spending: '/api/usage/spending',
  spendingCsv: '/api/usage/spending.csv',
} as const;

export const transcriptPaths = {
  /** The signed-in user's history (session only); the /v1 routes also take an API key. */
  list: '/api/transcript/user',
  submit: '/v1/transcript',
  transcript: '/v1/transcript/:id',
  speakers: '/v1/transcript/:id/speakers',
  sentences: '/v1/transcript/:id/sentences',
  paragraphs: '/v1/transcript/:id/paragraphs',
  audio: '/v1/transcript/:id/audio',
  /** Resumable uploads (the tus protocol): create here, then HEAD, PATCH or DELETE the upload. */
  uploads: '/v1/uploads',
  upload: '/v1/uploads/:id',
  export: '/v1/transcript/:id/:format',
  models: '/v1/models',
  openAiTranscriptions: '/v1/audio/transcriptions',
  openAiTranslations: '/v1/audio/translations',
} as const;

/** Live transcription: the WebSocket, and the one-use tokens browsers open it with. */
export const realtimePaths = {
  stream: '/v1/realtime',
  /** A token for the signed-in user (the Live playground). */
  sessionToken: '/api/realtime/token',
  /** A token for an API key's owner, for a browser the key's server hands it to. */
  token: '/v1/realtime/token',
} as const;

export const systemPaths = {
  health: '/api/health',
  ready: '/api/ready',
  config: '/api/config',
  openApiDocument: '/api/openapi.json',
  /** Mail stored locally, on development installs only. */
  devOutbox: '/api/dev/outbox',
  /** Prometheus metrics (METRICS_TOKEN, or this machine only). */
  metrics: '/metrics',
} as const;

/** The names of a pattern's parameters: `'/v1/transcript/:id/:format'` → `'id' | 'format'`. */
type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern filled in, each value URL-encoded: `apiHref(apiKeyPaths.toggle, { id })`. */
export function apiHref<Pattern extends string>(
  pattern: Pattern,
  params: Record<PathParams<Pattern>, string>,
): string {
  const values: Record<string, string> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/**
 * The build's prerendered home page, a file of the built web app (packages/app/scripts/prerender.ts
 * writes it, the server sends it at `/`): a dotfile, which the static files never serve.
 */
export const PRERENDERED_HOME_FILE = '.home.html';

/**
 * The build's list of the web app's pages (packages/app/scripts/prerender.ts writes it): a JSON
 * array of route patterns (`/dashboard/history/:id`, `:name?` optional). The server answers 404
 * for a page path that matches none.
 */
export const PAGES_FILE = '.pages.json';

/**
 * The address the build's prerendered home page gives the API in its code samples; the server
 * serves the page with the web app's address in its place.
 */
export const PRERENDERED_ORIGIN = 'https://prerendered.invalid';
