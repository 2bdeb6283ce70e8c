import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/index.js';
import { emailCodes, users } from '../db/schema/index.js';
import { findUserByEmail, type UserRow } from './users.js';

/** What the provider says about who signed in (ID token or userinfo). */
export const Claims = z.object({
  sub: z.string(),
  email: z.email().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
});
export type Claims = z.infer<typeof Claims>;

/** A sign-in the provider allowed but we refuse; `code` goes back to the app. */
export class SignInRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * The account for a verified Google identity: the one already linked, else the one with the same
 * e-mail (linked now), else a new one. An unverified local account loses its pending registrations
 * (and any password set on it): whoever registered never proved they own the address, Google's
 * user just did.
 */
export async function accountForGoogle(db: Database, claims: Claims): Promise<UserRow> {
  const [linked] = await db.select().from(users).where(eq(users.googleSubject, claims.sub));
  if (linked) return linked;
  if (!claims.email || claims.email_verified !== true)
    throw new SignInRefused('google_email_unverified');
  const existing = await findUserByEmail(db, claims.email);
  if (existing) {
    const [updated] = await db
      .update(users)
      .set({
        googleSubject: claims.sub,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        passwordHash: existing.emailVerifiedAt ? existing.passwordHash : null,
      })
      .where(eq(users.id, existing.id))
      .returning();
    // As a code would, proof of the address drops the registrations nobody proved.
    if (!existing.emailVerifiedAt)
      await db.delete(emailCodes).where(eq(emailCodes.userId, existing.id));
    return updated ?? existing;
  }
  const email = claims.email.toLowerCase();
  const [created] = await db
    .insert(users)
    .values({
      email,
      name: claims.name ?? email.split('@')[0] ?? email,
      googleSubject: claims.sub,
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!created) throw new SignInRefused('google_sign_in_failed');
  return created;
}
