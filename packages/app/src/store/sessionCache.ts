/**
 * Dashboard data loads once per session unless refreshed: queries keep their cached data this
 * long (seconds) after the last screen using it unmounts, so navigating back does not refetch.
 */
export const SESSION_CACHE_SECONDS = 24 * 60 * 60;
