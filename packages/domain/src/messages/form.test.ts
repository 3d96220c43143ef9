import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { toFieldErrors } from '../http/fieldErrors';
import { messageFormSchema } from './form';

function errors(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldErrors(r.error);
}

describe('messageFormSchema (000 §5)', () => {
  it('content required only without attachments', () => {
    expect(errors(messageFormSchema, { content: '' })).toEqual([{ field: 'content', message: 'Zadejte text zprávy' }]);
    expect(messageFormSchema.safeParse({ content: '', media: ['1-20240715_100509-M01.jpg'] }).success).toBe(true);
    expect(messageFormSchema.safeParse({ content: 'ahoj' }).success).toBe(true);
  });
});
