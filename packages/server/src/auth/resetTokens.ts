import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.js';
import { emailCodes, passwordResetTokens, users } from '../db/schema/index.js';
import { assertNotCommonPassword, hashPassword } from './passwords.js';
import { revokeAllSessions } from './sessions.js';
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

/**
 * Sets the password of the account a live reset token belongs to, in one transaction: the token is
 * spent (single use even under concurrent submits), every other reset link of the account dies,
 * the address counts as verified (the link reached the mailbox; `onVerified` runs in the same
 * transaction) and every session is signed out. Answers the account's id (its sessions may be cached:
 * the caller forgets them), or null when the token is unknown, spent or expired.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  onVerified: (tx: Transaction, userId: string) => Promise<void>,
): Promise<string | null> {
  const [pending] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  if (!pending) return null;
  assertNotCommonPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, pending.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) return null;
    // Whoever else asked for a reset (or reads an old mail) cannot change the password just chosen.
    await tx
      .delete(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.userId, pending.userId), ne(passwordResetTokens.id, pending.id)),
      );
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, pending.userId));
    // The mailbox is proven: registrations nobody proved are dropped, as a code would drop them.
    await tx.delete(emailCodes).where(eq(emailCodes.userId, pending.userId));
    await onVerified(tx, pending.userId);
    await revokeAllSessions(tx, pending.userId);
    return pending.userId;
  });
}
