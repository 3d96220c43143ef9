import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { toFieldErrors } from '../http/fieldErrors';
import { contactFormSchema, smsFormSchema } from './form';

function errors(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldErrors(r.error);
}

describe('contactFormSchema (000 §5)', () => {
  it('accepts a name and 9 digits', () => {
    expect(contactFormSchema.parse({ name: ' Novák ', number: '603123456' })).toEqual({
      name: 'Novák',
      number: '603123456',
    });
  });
  it('name required: Prosím vyplňte', () => {
    expect(errors(contactFormSchema, { name: '', number: '603123456' })).toEqual([
      { field: 'name', message: 'Prosím vyplňte' },
    ]);
  });
  it('number required, digits only, exactly 9 digits', () => {
    expect(errors(contactFormSchema, { name: 'a', number: '' })).toEqual([
      { field: 'number', message: 'Prosím vyplňte' },
    ]);
    expect(errors(contactFormSchema, { name: 'a', number: '60312345a' })).toEqual([
      { field: 'number', message: 'Toto pole musí obsahovat jen číslice' },
    ]);
    expect(errors(contactFormSchema, { name: 'a', number: '60312345' })).toEqual([
      { field: 'number', message: 'Vložte devítimístné telefonní číslo' },
    ]);
  });
});

describe('smsFormSchema (000 §5)', () => {
  it('text required', () => {
    expect(errors(smsFormSchema, { number: '603123456', content: ' ' })).toEqual([
      { field: 'content', message: 'Zadejte text sms zprávy.' },
    ]);
  });
  it('at most 155 characters', () => {
    expect(smsFormSchema.safeParse({ number: '603123456', content: 'x'.repeat(155) }).success).toBe(true);
    expect(errors(smsFormSchema, { number: '603123456', content: 'x'.repeat(156) })).toEqual([
      { field: 'content', message: 'Text sms zprávy může mít nejvýše 155 znaků.' },
    ]);
  });
  it('number exactly 9 characters', () => {
    expect(errors(smsFormSchema, { number: '6031234567', content: 'ahoj' }).map((e) => e.field)).toEqual(['number']);
  });
});
