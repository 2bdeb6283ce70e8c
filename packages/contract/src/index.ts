// The API contract shared with the web app and the mocks: zod schemas and their types only.
// Every file here imports nothing but zod, so browsers can bundle it. How money is priced and
// shown (money.ts) is its own entry point, `@parlance/contract/money`, so pages need no schemas;
// so are calendar days in a time zone (calendar.ts, `@parlance/contract/calendar`) and the endpoints'
// paths and list defaults (endpoints.ts, `@parlance/contract/endpoints`).
export * from './common.js';
export * from './operation.js';
export * from './auth.js';
export * from './apiKeys.js';
export * from './billing.js';
export * from './usage.js';
export * from './account.js';
export * from './system.js';
export * from './transcription.js';
export * from './realtime.js';
