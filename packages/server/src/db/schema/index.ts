export * from './auth.js';
export * from './billing.js';
export * from './support.js';
export * from './transcription.js';
