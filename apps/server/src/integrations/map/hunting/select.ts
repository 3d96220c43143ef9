/** Which hunting-region provider answers (apart from provider.ts and uhul.ts, which it chooses between). */
import type { Database } from '../../../db/client.js';
import type { FetchOptions } from '../../geo/http.js';
import { httpHuntingProvider, offlineHuntingProvider, type HuntingProvider } from './provider.js';
import { uhulHuntingProvider } from './uhul.js';

/**
 * `HUNTING_URL` (a service speaking the spec's JSON calls) first, then ÚHÚL's WMS (`HUNTING_WMS_URL`, uhul.ts),
 * else the offline grid.
 */
export function huntingProvider(
  db: Database,
  url: string | undefined,
  opts: FetchOptions = {},
  wms?: { url?: string; layers?: string },
): HuntingProvider {
  if (url) return httpHuntingProvider(url, opts);
  if (wms?.url) return uhulHuntingProvider(db, wms.url, wms.layers, opts);
  return offlineHuntingProvider(db);
}
