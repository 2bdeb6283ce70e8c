/** What list queries default to and allow: the server's schemas, the app's calls and the mocks. */

/** The most items one list request may ask for. */
export const MAX_LIST_LIMIT = 100;

/** GET /api/transcript/user: pages count from 1 and hold this many items unless asked otherwise. */
export const TRANSCRIPT_LIST_FIRST_PAGE = 1;
export const TRANSCRIPT_LIST_DEFAULT_LIMIT = 10;

/** GET /api/billing/credits/history: the newest this many unless asked otherwise. */
export const CREDIT_HISTORY_DEFAULT_LIMIT = 10;

/** GET /api/usage/chart: the months shown unless asked. */
export const DEFAULT_CHART_PERIOD = '6months';

/** The most rows one CSV export holds (the newest): a heavy account's year stays one download. */
export const MAX_EXPORT_ROWS = 100_000;
