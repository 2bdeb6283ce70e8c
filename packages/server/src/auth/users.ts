import { eq, sql } from 'drizzle-orm';
import type { User } from '@parlance/contract';
import type { Database } from '../db/index.js';
import { users } from '../db/schema/index.js';
import { DomainError } from '../domainErrors.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/**
 * The account of `email`, made unverified (with the registration's name, and no password) by its
 * first registration. Only a code, entered where the registration was made, gives it a password.
 */
export async function accountForRegistration(
  db: Database,
  email: string,
  name: string,
): Promise<UserRow> {
  // One statement either way: an address with an account must not cost a second round trip,
  // which a timing observer could tell apart. The no-op update only makes the row come back; it
  // sets a column no key covers, so it takes the weaker row lock that lets the account's sessions,
  // ledger entries and jobs (foreign keys to the row) be written meanwhile.
  const [user] = await db
    .insert(users)
    .values({ email, name })
    .onConflictDoUpdate({ target: users.email, set: { name: sql`${users.name}` } })
    .returning();
  if (!user) throw new Error(`no account row for ${email} after insert`);
  return user;
}

export async function getUser(db: Database, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new DomainError('not_found', 'Account not found');
  return user;
}

export const toUserDto = (user: UserRow): User => ({
  id: user.id,
  name: user.name,
  email: user.email,
  createdAt: user.createdAt.toISOString(),
  emailVerified: user.emailVerifiedAt !== null,
  hasPassword: user.passwordHash !== null,
  googleLinked: user.googleSubject !== null,
  defaultModel: user.defaultModel,
  defaultLanguage: user.defaultLanguage,
  fallbackLanguage: user.fallbackLanguage,
  keepAudioDays: user.keepAudioDays,
  keepTranscriptsDays: user.keepTranscriptsDays,
});
