/**
 * Settings that the process configuration decides (ENVIRONMENT, PRODUCT, DZIN_EVENT_URL, MAP_LAYERS) are written into the settings table at
 * start, so the bundle the panels load says what this server really is (the seed only knows 'demo').
 */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from './client.js';
import { settings } from './schema/index.js';
import { effectiveDzinEventUrl } from '../dzinUrl.js';

export async function applyRuntimeSettings(
  db: Database,
  config: Pick<Config, 'environment' | 'product' | 'dzinEventUrl' | 'mapLayers'> & { seed?: Config['seed'] },
) {
  // a demo without DZIN_EVENT_URL gets its own stand-in page, so the DŽIN tab, link and tag can be tried
  const dzinEventUrl = effectiveDzinEventUrl(config);
  const rows = [
    { key: 'environment', value: config.environment as unknown },
    { key: 'product', value: config.product as unknown },
  ];
  // unset: no key at all (the panel then shows no DŽIN tab); a value column never holds SQL null
  if (dzinEventUrl) rows.push({ key: 'dzinEventUrl', value: dzinEventUrl });
  else await db.delete(settings).where(eq(settings.key, 'dzinEventUrl'));
  if (config.mapLayers) rows.push({ key: 'mapLayers', value: config.mapLayers });
  else await db.delete(settings).where(eq(settings.key, 'mapLayers'));
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
