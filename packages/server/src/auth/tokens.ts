import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random secret of `bytes` bytes (256 bits by default), URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as their SHA-256, so a database leak leaks no usable secret. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
