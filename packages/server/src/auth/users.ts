import { eq } from 'drizzle-orm';
import type { User } from '../contract/auth.js';
import type { Database } from '../db/index.js';
import { users } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

export async function getUser(db: Database, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('Account not found');
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
});
