/** Which devices a user sees (the bundle's rule, sync/visibility.ts `seesAllDevices`) and reading one. */
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { seesAllDevices, type Viewer } from '../../sync/visibility.js';
import type { DeviceRow } from './presenter.js';
import { devicesTexts } from '@panel/domain/devices';

export type Auth = Pick<AuthContext, 'user' | 'permissions' | 'deviceId' | 'ability'>;

export const viewerOf = (auth: Pick<Auth, 'user' | 'permissions'>): Viewer => ({
  ...auth.user,
  permissions: auth.permissions,
});

/** Every unit with `device.all` on the central base (sync/visibility.ts), otherwise the own unit only. */
export function seesDevicesOf(auth: Pick<Auth, 'user' | 'permissions'>, baseId: number | null): boolean {
  const viewer = viewerOf(auth);
  return seesAllDevices(viewer) || (viewer.baseId != null && baseId === viewer.baseId);
}

/** The device row: 404 unknown, 403 of a unit the user does not see. */
export async function visibleDevice(q: Queryable, auth: Pick<Auth, 'user' | 'permissions'>, id: number) {
  const [row] = await q.select().from(devices).where(eq(devices.id, id));
  if (!row) throw notFound(devicesTexts.notFound);
  if (!seesDevicesOf(auth, row.baseId)) throw forbidden(devicesTexts.notVisible);
  return row as DeviceRow;
}
