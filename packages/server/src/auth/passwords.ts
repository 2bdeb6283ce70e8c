import { hash, verify } from '@node-rs/argon2';
import commonPasswords from 'fxa-common-password-list';
import { DomainError } from '../domainErrors.js';

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

/** Verifying against a throwaway hash keeps "no such user" and "no password" as slow as "wrong password". */
const dummyHash = hash('parlance-timing-equaliser', options);

/** False for a wrong password, and for a missing account or password (`hashed` undefined or null). */
export async function verifyPassword(
  hashed: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!hashed) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(hashed, password).catch(() => false);
}

/** Length is checked by the request schema; this rejects the passwords attackers try first. */
export function assertNotCommonPassword(password: string): void {
  if (commonPasswords.test(password.toLowerCase()) || commonPasswords.test(password)) {
    throw new DomainError(
      'password_too_common',
      'This password is too common and easy to guess. Choose a different one.',
    );
  }
}
