/**
 * jsonb that keeps string values strings. Drizzle's own jsonb mangles JSON string scalars: PGlite takes a string
 * parameter as JSON source text ('1234' is stored as the number 1234), and on reading both drivers parse jsonb
 * before Drizzle parses it again ('"0.1"' comes back as 0.1) — drizzle-orm issues #3018, #4911, #5485. A random
 * sync epoch like '4e3112ab90c7' then read back as a number and broke every delta. This type always
 * stringifies on write and takes the driver's parsed value as is on read. Same SQL type: no migration.
 */
import { customType } from 'drizzle-orm/pg-core';

export const jsonb = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  // both drivers (pg and PGlite) already parse jsonb into a value
  fromDriver: (value) => value as unknown,
});
