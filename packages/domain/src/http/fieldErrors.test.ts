import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './fieldErrors';

describe('toFieldErrors', () => {
  const schema = z.object({
    name: z.string().min(1, { error: 'Prosím vyplňte' }).max(3, { error: 'dlouhé' }),
    contact: z.object({ number: z.string().regex(/^\d+$/, { error: 'Toto pole musí obsahovat jen číslice' }) }),
    list: z.array(z.number({ error: 'číslo' })),
  });

  it('joins nested paths with dots', () => {
    const r = schema.safeParse({ name: 'ok', contact: { number: 'abc' }, list: [1, 'x'] });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(toFieldErrors(r.error)).toEqual([
        { field: 'contact.number', message: 'Toto pole musí obsahovat jen číslice' },
        { field: 'list.1', message: 'číslo' },
      ]);
    }
  });

  it('keeps the first message per field', () => {
    const s = z.string().min(5, { error: 'první' }).regex(/^\d+$/, { error: 'druhá' });
    const r = z.object({ a: s }).safeParse({ a: 'x' });
    expect(r.success).toBe(false);
    if (!r.success) expect(toFieldErrors(r.error)).toEqual([{ field: 'a', message: 'první' }]);
  });

  it('uses an empty field for root issues', () => {
    const r = z.string({ error: 'text' }).safeParse(5);
    expect(r.success).toBe(false);
    if (!r.success) expect(toFieldErrors(r.error)).toEqual([{ field: '', message: 'text' }]);
  });
});

describe('zod messages without a schema message', () => {
  it('are Czech', async () => {
    const { z } = await import('zod');
    await import('./index');
    const result = z.object({ a: z.string() }).safeParse({ a: 1 });
    expect(toFieldErrors(result.error!)).toEqual([
      { field: 'a', message: 'Neplatný vstup: očekáváno řetězec, obdrženo číslo' },
    ]);
  });
});
