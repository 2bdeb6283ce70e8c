/**
 * Where each endpoint of the API lives and what its list queries default to, written once for the
 * server's routes, the web app's calls and the mocks' handlers, with the live stream's close
 * codes, the HTTP API's error codes (their statuses and meanings), the limits of a request's options and of a purchase, how a transcript is cut into sentences and paragraphs, how speakers are called, which model a request that
 * names none gets and when each model was published. Paths are patterns in the syntax Fastify and
 * MSW share (`/api/api-keys/:id`); `apiHref` fills one in for a request. These files import
 * nothing, so the web app loads them alone (`@parlance/contract/endpoints`), without the contract's
 * schemas.
 */
export * from './sessionPaths.js';
export * from './endpoint.js';
export * from './apiPaths.js';
export * from './listDefaults.js';
export * from './realtimeCodes.js';
export * from './apiErrors.js';
export * from './transcriptionLimits.js';
export * from './passages.js';
export * from './purchaseLimits.js';
export * from './speakerNames.js';
export * from './defaultModels.js';
export * from './modelReleases.js';
