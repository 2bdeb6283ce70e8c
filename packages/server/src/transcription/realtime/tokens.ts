import { and, eq, gt } from 'drizzle-orm';
import { randomToken, sha256 } from '../../auth/tokens.js';
import { REALTIME_TOKEN_TTL_SECONDS } from '@parlance/contract/endpoints';
import type { Database } from '../../db/index.js';
import { realtimeTokens } from '../../db/schema/index.js';

const PREFIX = 'rt_';

/** Who a token opens a stream for: its user, and the API key that asked for it (null: the app). */
export interface TokenOwner {
  userId: string;
  apiKeyId: string | null;
}

/** A token that opens one live stream for `owner` within REALTIME_TOKEN_TTL_SECONDS. */
export async function issueRealtimeToken(
  db: Database,
  { userId, apiKeyId }: TokenOwner,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${PREFIX}${randomToken()}`;
  const expiresAt = new Date(Date.now() + REALTIME_TOKEN_TTL_SECONDS * 1000);
  await db.insert(realtimeTokens).values({ tokenHash: sha256(token), userId, apiKeyId, expiresAt });
  return { token, expiresAt };
}

/**
 * Who a token was issued to, using it up: a second use, an expired token, or one whose user (or
 * key) was deleted answers null. One statement, so two connections racing with one token cannot
 * both win.
 */
export async function spendRealtimeToken(db: Database, token: string): Promise<TokenOwner | null> {
  if (!token.startsWith(PREFIX)) return null;
  const [row] = await db
    .delete(realtimeTokens)
    .where(
      and(eq(realtimeTokens.tokenHash, sha256(token)), gt(realtimeTokens.expiresAt, new Date())),
    )
    .returning({ userId: realtimeTokens.userId, apiKeyId: realtimeTokens.apiKeyId });
  return row ?? null;
}
