import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { emailCodes } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import { sha256, sixDigitCode } from './tokens.js';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;

/** Issues a fresh code for the user, replacing any earlier one (and its attempt count). */
export async function issueCode(db: Database, userId: string): Promise<string> {
  const code = sixDigitCode();
  const values = {
    codeHash: sha256(code),
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    createdAt: new Date(),
  };
  await db
    .insert(emailCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailCodes.userId, set: values });
  return code;
}

const invalid = () =>
  badRequest('invalid_code', 'That code is not valid. Check the e-mail or request a new one.');

/** Consumes the user's code when it matches; otherwise counts the attempt and throws a clear reason. */
export async function consumeCode(db: Database, userId: string, code: string): Promise<void> {
  const [row] = await db.select().from(emailCodes).where(eq(emailCodes.userId, userId));
  if (!row) throw invalid();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw badRequest('code_expired', 'That code has expired. Request a new one.');
  }
  if (row.attempts >= CODE_MAX_ATTEMPTS) {
    throw badRequest('too_many_attempts', 'Too many wrong codes. Request a new one.');
  }
  if (!timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(sha256(code)))) {
    const [updated] = await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.userId, userId))
      .returning({ attempts: emailCodes.attempts });
    const left = CODE_MAX_ATTEMPTS - (updated?.attempts ?? CODE_MAX_ATTEMPTS);
    if (left <= 0)
      throw badRequest('too_many_attempts', 'Too many wrong codes. Request a new one.');
    throw badRequest(
      'wrong_code',
      `That code is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`,
    );
  }
  await db.delete(emailCodes).where(eq(emailCodes.userId, userId));
}
