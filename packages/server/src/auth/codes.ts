import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { emailCodes, users } from '../db/schema/index.js';
import { DomainError } from '../domainErrors.js';
import { sha256, sixDigitCode } from './tokens.js';
import type { UserRow } from './users.js';

export const CODE_TTL_MINUTES = 15;
/** Wrong guesses a registration's code survives; counted atomically, so parallel guesses cannot pass it. */
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Why codes belong to registrations, not to accounts: anyone can register an address they do not
 * own. If a registration rewrote the account's password and mailed a code, the mailbox owner
 * entering the newest code would switch on whatever password was set last — possibly an attacker's
 * (pre-hijack). Here every registration keeps its own name, password hash and code, and a code
 * activates only the password stored with it. The owner's code carries the owner's password; a
 * code mailed for someone else's registration is one the owner never asked for.
 */
export interface Registration {
  name: string;
  passwordHash: string;
}

/** Matches no registration: a request without one still runs the same statement. */
const NO_REGISTRATION = '00000000-0000-0000-0000-000000000000';

const expiry = () => new Date(Date.now() + CODE_TTL_MINUTES * 60_000);

/** Files a registration for the account `userId`; answers its id and its code. */
export async function issueCode(
  db: Database,
  userId: string,
  registration: Registration,
): Promise<{ registrationId: string; code: string }> {
  const code = sixDigitCode();
  const [row] = await db
    .insert(emailCodes)
    .values({ userId, codeHash: sha256(code), expiresAt: expiry(), ...registration })
    .returning({ id: emailCodes.id });
  if (!row) throw new Error('email_codes insert returned no row');
  return { registrationId: row.id, code };
}

/** A fresh code (and attempts and expiry) for one pending registration of `email`; null if none. */
export async function reissueCode(
  db: Database,
  email: string,
  registrationId: string,
): Promise<string | null> {
  const code = sixDigitCode();
  const updated = await db
    .update(emailCodes)
    .set({ codeHash: sha256(code), attempts: 0, expiresAt: expiry(), createdAt: new Date() })
    .from(users)
    .where(
      and(
        eq(emailCodes.id, registrationId),
        eq(emailCodes.userId, users.id),
        eq(users.email, email),
        isNull(users.emailVerifiedAt),
      ),
    )
    .returning({ id: emailCodes.id });
  return updated.length > 0 ? code : null;
}

/** Unknown address or registration, verified account, wrong code: one answer, telling nobody which. */
const invalid = () =>
  new DomainError(
    'invalid',
    'invalid_code',
    'That code is not valid. Check the e-mail or request a new one.',
  );
const exhausted = () =>
  new DomainError('invalid', 'too_many_attempts', 'Too many wrong codes. Request a new one.');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Verifies `email` with `code` for one registration — the one this browser made (its id rides in
 * an http-only cookie set by register): that registration gives the account its name and password,
 * and every other pending registration of the address is dropped. A code mailed for anybody
 * else's registration of the address, even the newest one in the owner's inbox, is refused.
 *
 * Each guess first takes one attempt from the registration in a single UPDATE (the row lock
 * serialises it, `attempts < max` is rechecked under the lock) and only then compares, so no code is
 * ever compared more than CODE_MAX_ATTEMPTS times, however many guesses arrive at once. Attempts
 * count the same whether or not the address has a verified account, and a verified account answers
 * a right code as a wrong one: nothing here tells whether an account exists.
 */
export async function consumeCode(
  db: Database,
  email: string,
  code: string,
  registrationId: string | undefined,
): Promise<UserRow> {
  const now = new Date();
  const ofThisRegistration = and(
    eq(emailCodes.id, registrationId ?? NO_REGISTRATION),
    eq(emailCodes.userId, users.id),
    eq(users.email, email),
  );
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .from(users)
    .where(and(ofThisRegistration, lt(emailCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({
      id: emailCodes.id,
      codeHash: emailCodes.codeHash,
      attempts: emailCodes.attempts,
      expiresAt: emailCodes.expiresAt,
    });
  if (!counted) {
    const [spent] = await db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .innerJoin(users, eq(users.id, emailCodes.userId))
      .where(and(ofThisRegistration, gt(emailCodes.expiresAt, now)));
    throw spent ? exhausted() : invalid();
  }
  // The guess that spends the last attempt already hears that the code is used up.
  if (!sameHash(counted.codeHash, sha256(code)))
    throw counted.attempts >= CODE_MAX_ATTEMPTS ? exhausted() : invalid();
  if (counted.expiresAt <= now)
    throw new DomainError('invalid', 'code_expired', 'That code has expired. Request a new one.');
  return db.transaction(async (tx) => {
    // Deleting the row claims it: of two parallel right answers, one verifies and one is refused.
    const [claimed] = await tx.delete(emailCodes).where(eq(emailCodes.id, counted.id)).returning();
    if (!claimed) throw invalid();
    const [user] = await tx
      .update(users)
      .set({
        emailVerifiedAt: now,
        passwordHash: claimed.passwordHash,
        name: claimed.name ?? undefined,
      })
      .where(and(eq(users.id, claimed.userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (!user) throw invalid();
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id));
    return user;
  });
}

/**
 * The password of the newest live registration of `email`, verified or not: signing in with it
 * answers "verify first" whether or not the address already had an account, so an attacker who
 * registers an address and signs in with the password just chosen learns nothing.
 */
export async function pendingPasswordHash(
  db: Database,
  email: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: emailCodes.passwordHash })
    .from(emailCodes)
    .innerJoin(users, eq(users.id, emailCodes.userId))
    .where(and(eq(users.email, email), gt(emailCodes.expiresAt, new Date())))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row?.passwordHash ?? undefined;
}
