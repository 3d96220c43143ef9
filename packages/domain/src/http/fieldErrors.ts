/** 422 body of the API: `[{field, message}]`, one entry per field, first message wins. */
import type { ZodError, z } from 'zod';
import type { fieldErrorSchema } from './schema';

/** one entry of the 422 body, as its schema says (one definition) */
export type FieldError = z.infer<typeof fieldErrorSchema>;

export function toFieldErrors(error: ZodError): FieldError[] {
  const byField = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}
