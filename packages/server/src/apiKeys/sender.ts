import { sql } from 'drizzle-orm';
import { apiKeys } from '../db/schema/auth.js';

/**
 * Who sent a job, as a row records it: the key and its name read in the writing statement itself,
 * so a key deleted meanwhile leaves no reference and an empty name (sent with a key, name unknown);
 * the web app's rows have neither.
 */
export function sentWith(apiKeyId: string | null) {
  if (apiKeyId === null) return { apiKeyId: null, apiKeyName: null };
  const key = (column: typeof apiKeys.id | typeof apiKeys.name) =>
    sql`(select ${column} from ${apiKeys} where ${apiKeys.id} = ${apiKeyId})`;
  return { apiKeyId: key(apiKeys.id), apiKeyName: sql`coalesce(${key(apiKeys.name)}, '')` };
}

/** The web app's jobs (playground, live playground), as a sender. */
export const PLAYGROUND = 'Playground';

/**
 * Who sent a row, as shown: the key's name today while it exists (however often it was renamed),
 * else the name it had when the row was written, marked deleted; the web app's rows are the
 * playground's.
 */
export function senderName(keyName: string | null, bookedName: string | null) {
  if (keyName !== null) return keyName;
  if (bookedName === null) return PLAYGROUND;
  return bookedName === '' ? 'Deleted key' : `${bookedName} (deleted key)`;
}
