/** Shared by the PGlite and PostgreSQL tests: jsonb values that must come back exactly as written. */
import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { settings } from './schema/index.js';

export const JSONB_SAMPLES: unknown[] = [
  '1234',
  '4e31',
  '0.1',
  'true',
  'null',
  '"quoted"',
  'text',
  1234,
  0.5,
  true,
  [1, '2'],
  { a: '3' },
];

/** Writes each sample into settings and answers what reads back, in order. */
export async function roundTrip(db: Database): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [i, value] of JSONB_SAMPLES.entries()) {
    const key = `test.jsonb.${i}`;
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    out.push(row.value);
  }
  return out;
}
