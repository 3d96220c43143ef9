/** Test fixtures of the position tests: the demo's navigation units in vehicles, with or without a secret. */
import { and, asc, isNotNull, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import type { TestApp } from '../../test/factory.js';
import { writeTrackerSecret } from './trackers.js';

/** No user, no device: a secret written by the system, as an admin's route would but without a session. */
export const SYSTEM = { userId: null, deviceId: null };

/** A navigation unit in a vehicle. */
export interface NavigationUnit {
  id: number;
  code: string;
  resourceId: number;
}

/** The demo's navigation units in vehicles (devices `N-…` with a vehicle), oldest first. */
export async function navigationUnits(db: Database): Promise<NavigationUnit[]> {
  const rows = await db
    .select({ id: s.devices.id, code: s.devices.code, resourceId: s.devices.resourceId })
    .from(s.devices)
    .where(and(like(s.devices.code, 'N-%'), isNotNull(s.devices.resourceId)))
    .orderBy(asc(s.devices.id));
  return rows.map((d) => ({ ...d, resourceId: d.resourceId! }));
}

/** The first `count` navigation units, each given a tracker secret; the secret in clear beside each. */
export async function navigationUnitsWithSecrets(
  t: TestApp,
  count: number,
): Promise<(NavigationUnit & { secret: string })[]> {
  const nav: (NavigationUnit & { secret: string })[] = [];
  for (const d of (await navigationUnits(t.db)).slice(0, count)) {
    const { secret } = await writeTrackerSecret({ db: t.db, hub: t.hub }, SYSTEM, d, {});
    nav.push({ ...d, secret });
  }
  return nav;
}
