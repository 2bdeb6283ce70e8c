import type { Database } from '../db/index.js';
import { passwordResetTokens } from '../db/schema/index.js';
import { randomToken, sha256 } from './tokens.js';
import { findUserByEmail } from './users.js';

const RESET_TTL_MS = 60 * 60 * 1000;

/** A new reset token for the account of `email` (stored as its hash), or null when there is none. */
export async function issueResetToken(db: Database, email: string): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  return token;
}
