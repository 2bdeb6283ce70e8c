import { z } from 'zod';

/** Field types shared by every section of the environment schema (src/config.ts). */

/** Unset or blank: undefined. */
export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const optionalUrl = optionalString.pipe(z.url().optional());

/** "true" or "false", off by default. */
export const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');
