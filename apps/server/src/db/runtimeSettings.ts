/**
 * Settings that the process configuration decides (ENVIRONMENT, PRODUCT, DZIN_EVENT_URL) are written into the settings table at
 * start, so the bundle the panels load says what this server really is (the seed only knows 'demo').
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from './client.js';
import { settings } from './schema/index.js';

export async function applyRuntimeSettings(
  db: Database,
  config: Pick<Config, 'environment' | 'product' | 'dzinEventUrl'>,
) {
  const rows = [
    { key: 'environment', value: config.environment },
    { key: 'product', value: config.product },
    { key: 'dzinEventUrl', value: config.dzinEventUrl ?? null },
  ];
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
