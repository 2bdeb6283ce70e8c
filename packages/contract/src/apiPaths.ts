import { endpoint } from './endpoint.js';
import { pagePaths, sessionPaths } from './sessionPaths.js';

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

export const authEndpoints = {
  register: endpoint('POST', authPaths.register),
  verifyCode: endpoint('POST', authPaths.verifyCode),
  resendCode: endpoint('POST', authPaths.resendCode),
  login: endpoint('POST', authPaths.login),
  me: endpoint('GET', sessionPaths.me),
  logout: endpoint('POST', sessionPaths.logout),
  logoutAll: endpoint('POST', authPaths.logoutAll),
  forgotPassword: endpoint('POST', authPaths.forgotPassword),
  resetPassword: endpoint('POST', authPaths.resetPassword),
  /** Google sign-in: pages the browser goes to (a link, then Google's redirect), not calls. */
  google: endpoint('GET', pagePaths.googleSignIn),
  googleCallback: endpoint('GET', `${pagePaths.googleSignIn}/callback` as const),
};

export const accountPaths = {
  account: '/api/account',
  password: '/api/account/password',
  webhookSecret: '/api/account/webhook-secret',
  rotateWebhookSecret: '/api/account/webhook-secret/rotate',
  contact: '/api/contact',
} as const;

export const accountEndpoints = {
  update: endpoint('PATCH', accountPaths.account),
  delete: endpoint('DELETE', accountPaths.account),
  password: endpoint('POST', accountPaths.password),
  webhookSecret: endpoint('GET', accountPaths.webhookSecret),
  rotateWebhookSecret: endpoint('POST', accountPaths.rotateWebhookSecret),
  contact: endpoint('POST', accountPaths.contact),
};

export const apiKeyPaths = {
  list: '/api/api-keys',
  key: '/api/api-keys/:id',
  toggle: '/api/api-keys/:id/toggle',
  limit: '/api/api-keys/:id/limit',
} as const;

export const apiKeyEndpoints = {
  list: endpoint('GET', apiKeyPaths.list),
  create: endpoint('POST', apiKeyPaths.list),
  rename: endpoint('PUT', apiKeyPaths.key),
  limit: endpoint('PUT', apiKeyPaths.limit),
  toggle: endpoint('PATCH', apiKeyPaths.toggle),
  delete: endpoint('DELETE', apiKeyPaths.key),
};

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

export const billingEndpoints = {
  rates: endpoint('GET', billingPaths.rates),
  info: endpoint('GET', billingPaths.info),
  spendLimit: endpoint('PUT', billingPaths.spendLimit),
  autoTopUp: endpoint('PUT', billingPaths.autoTopUp),
  lowBalanceAlert: endpoint('PUT', billingPaths.lowBalanceAlert),
  creditHistory: endpoint('GET', billingPaths.creditHistory),
  creditHistoryCsv: endpoint('GET', billingPaths.creditHistoryCsv),
  receipt: endpoint('GET', billingPaths.receipt),
  receiptPdf: endpoint('GET', billingPaths.receiptPdf),
  billingName: endpoint('PUT', billingPaths.billingName),
  paymentMethodList: endpoint('GET', billingPaths.paymentMethodList),
  checkRecentPaymentMethod: endpoint('GET', billingPaths.checkRecentPaymentMethod),
  addPaymentMethod: endpoint('POST', billingPaths.addPaymentMethod),
  deletePaymentMethod: endpoint('POST', billingPaths.deletePaymentMethod),
  defaultPaymentMethod: endpoint('POST', billingPaths.defaultPaymentMethod),
  purchaseCredits: endpoint('POST', billingPaths.purchaseCredits),
  purchaseWithPaymentMethod: endpoint('POST', billingPaths.purchaseWithPaymentMethod),
  stripeWebhook: endpoint('POST', billingPaths.stripeWebhook),
};

export const usagePaths = {
  overview: '/api/usage/overview',
  chart: '/api/usage/chart',
  spending: '/api/usage/spending',
  spendingCsv: '/api/usage/spending.csv',
} as const;

export const usageEndpoints = {
  overview: endpoint('GET', usagePaths.overview),
  chart: endpoint('GET', usagePaths.chart),
  spending: endpoint('GET', usagePaths.spending),
  spendingCsv: endpoint('GET', usagePaths.spendingCsv),
};

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

export const transcriptEndpoints = {
  list: endpoint('GET', transcriptPaths.list),
  page: endpoint('GET', transcriptPaths.submit),
  submit: endpoint('POST', transcriptPaths.submit),
  transcript: endpoint('GET', transcriptPaths.transcript),
  delete: endpoint('DELETE', transcriptPaths.transcript),
  speakers: endpoint('PUT', transcriptPaths.speakers),
  sentences: endpoint('GET', transcriptPaths.sentences),
  paragraphs: endpoint('GET', transcriptPaths.paragraphs),
  export: endpoint('GET', transcriptPaths.export),
  audio: endpoint('GET', transcriptPaths.audio),
  deleteAudio: endpoint('DELETE', transcriptPaths.audio),
  createUpload: endpoint('POST', transcriptPaths.uploads),
  uploadOffset: endpoint('HEAD', transcriptPaths.upload),
  appendUpload: endpoint('PATCH', transcriptPaths.upload),
  deleteUpload: endpoint('DELETE', transcriptPaths.upload),
  models: endpoint('GET', transcriptPaths.models),
  openAiTranscriptions: endpoint('POST', transcriptPaths.openAiTranscriptions),
  openAiTranslations: endpoint('POST', transcriptPaths.openAiTranslations),
};

/** Live transcription: the WebSocket, and the one-use tokens browsers open it with. */
export const realtimePaths = {
  stream: '/v1/realtime',
  /** A token for the signed-in user (the Live playground). */
  sessionToken: '/api/realtime/token',
  /** A token for an API key's owner, for a browser the key's server hands it to. */
  token: '/v1/realtime/token',
} as const;

export const realtimeEndpoints = {
  /** The WebSocket's upgrade request. */
  stream: endpoint('GET', realtimePaths.stream),
  sessionToken: endpoint('POST', realtimePaths.sessionToken),
  token: endpoint('POST', realtimePaths.token),
};

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

export const systemEndpoints = {
  health: endpoint('GET', systemPaths.health),
  ready: endpoint('GET', systemPaths.ready),
  config: endpoint('GET', systemPaths.config),
  metrics: endpoint('GET', systemPaths.metrics),
};

/** The names of a pattern's parameters: `'/v1/transcript/:id/:format'` → `'id' | 'format'`. */
export type PathParams<Pattern extends string> =
  Pattern extends `${string}:${infer Name}/${infer Rest}`
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
