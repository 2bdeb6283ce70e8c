import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { emailCodes, users } from '../db/schema/index.js';
import { DomainError } from '../domainErrors.js';
import { sha256, sixDigitCode } from './tokens.js';
import { accountForRegistration, type UserRow } from './users.js';

export const CODE_TTL_MINUTES = 15;
/**
 * Expired codes (and their registrations) stay a day, so a late attempt still hears "That code
 * has expired", signing in with the registration's password says "verify first", and a new code
 * can still be asked for.
 */
export const EXPIRED_CODE_KEPT_MS = 24 * 3_600_000;
/** Registrations a browser keeps in its cookie: the newest, if it registered again. */
export const REGISTRATIONS_PER_BROWSER = 5;
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

/**
 * Files a registration of `email` (its account made, unverified, if the address has none) and
 * answers the account, the registration's id and its code, in one transaction.
 */
export function register(db: Database, email: string, registration: Registration) {
  return db.transaction(async (tx) => {
    const account = await accountForRegistration(tx, email, registration.name);
    return { account, ...(await issueCode(tx, account.id, registration)) };
  });
}

/**
 * A fresh code (and attempts and expiry) for the newest of `registrationIds` (this browser's) that
 * is a registration of `email`, whether or not the address has an account: the work and what it
 * changes are the same either way. Answers the code, and whether it may be mailed (the account is
 * not verified yet); null when no such registration exists.
 */
export async function reissueCode(
  db: Database,
  email: string,
  registrationIds: readonly string[],
): Promise<{ code: string; mail: boolean } | null> {
  if (registrationIds.length === 0) return null;
  const code = sixDigitCode();
  const newest = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .innerJoin(users, eq(users.id, emailCodes.userId))
    .where(and(inArray(emailCodes.id, [...registrationIds]), eq(users.email, email)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const [updated] = await db
    .update(emailCodes)
    .set({ codeHash: sha256(code), attempts: 0, expiresAt: expiry(), createdAt: new Date() })
    .from(users)
    .where(and(inArray(emailCodes.id, newest), eq(emailCodes.userId, users.id)))
    .returning({ verifiedAt: users.emailVerifiedAt });
  return updated ? { code, mail: updated.verifiedAt === null } : null;
}

/** Unknown address or registration, verified account, wrong code: one answer, telling nobody which. */
const invalid = () =>
  new DomainError('invalid_code', 'That code is not valid. Check the e-mail or request a new one.');
const exhausted = () =>
  new DomainError('too_many_attempts', 'Too many wrong codes. Request a new one.');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Verifies `email` with `code` of one of `registrationIds`, the registrations this browser made
 * (their ids ride in an http-only cookie set by register): the one the code was mailed for gives
 * the account its name and password, and every other pending registration of the address is
 * dropped. A code mailed for anybody else's registration of the address, even the newest one in
 * the owner's inbox, is refused.
 *
 * Each guess first takes one attempt from each of those registrations in a single UPDATE (row
 * locks serialise it, `attempts < max` is rechecked under the lock) and only then compares, so no
 * code is ever compared more than CODE_MAX_ATTEMPTS times, however many guesses arrive at once.
 * Attempts count the same whether or not the address has a verified account, and a verified
 * account answers a right code as a wrong one: nothing here tells whether an account exists.
 */
export async function consumeCode(
  db: Database,
  email: string,
  code: string,
  registrationIds: readonly string[],
): Promise<UserRow> {
  const now = new Date();
  const ofThisBrowser = and(
    inArray(emailCodes.id, registrationIds.length > 0 ? [...registrationIds] : [NO_REGISTRATION]),
    eq(emailCodes.userId, users.id),
    eq(users.email, email),
  );
  const counted = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .from(users)
    .where(and(ofThisBrowser, lt(emailCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({
      id: emailCodes.id,
      codeHash: emailCodes.codeHash,
      attempts: emailCodes.attempts,
      expiresAt: emailCodes.expiresAt,
    });
  if (counted.length === 0) {
    const [spent] = await db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .innerJoin(users, eq(users.id, emailCodes.userId))
      .where(and(ofThisBrowser, gt(emailCodes.expiresAt, now)));
    throw spent ? exhausted() : invalid();
  }
  const hash = sha256(code);
  const match = counted.find((row) => sameHash(row.codeHash, hash));
  // The guess that spends the last attempt already hears that the code is used up.
  if (!match)
    throw counted.every((row) => row.attempts >= CODE_MAX_ATTEMPTS) ? exhausted() : invalid();
  if (match.expiresAt <= now)
    throw new DomainError('code_expired', 'That code has expired. Request a new one.');
  return db.transaction(async (tx) => {
    // Deleting the row claims it: of two parallel right answers, one verifies and one is refused.
    const [claimed] = await tx.delete(emailCodes).where(eq(emailCodes.id, match.id)).returning();
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
 * The password of the newest registration of `email` still kept (expired ones stay a day, and a
 * new code revives them), verified or not: signing in with it answers "verify first" whether or
 * not the address already had an account, so an attacker who registers an address and signs in
 * with the password just chosen learns nothing.
 */
export async function pendingPasswordHash(
  db: Database,
  email: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: emailCodes.passwordHash })
    .from(emailCodes)
    .innerJoin(users, eq(users.id, emailCodes.userId))
    .where(eq(users.email, email))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row?.passwordHash ?? undefined;
}
