import type { z } from 'zod';

/**
 * The first problem zod found, as one sentence: a message that names its field ("language must be
 * …") stands alone; another is prefixed with the field, or with `whole` for the value itself.
 */
export function validationMessage(error: z.ZodError, whole: string): string {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || whole;
  const message = issue?.message ?? 'is invalid';
  return message.startsWith(field) ? message : `${field}: ${message}`;
}
