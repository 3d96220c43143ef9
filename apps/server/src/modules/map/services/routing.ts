/**
 * The two ends of an estimated route: from the job's vehicle (its latest GPS position in resource_positions,
 * else the resource's last known position, else the job's base) or from a base, to the event's target.
 * 404 for an unknown job/base or an event the user may not see; 422 when an end has no coordinates.
 */
import { desc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../../context.js';
import type { Database } from '../../../db/client.js';
import { bases, eventJobs, resourcePositions, resources } from '../../../db/schema/index.js';
import { notFound, unprocessable } from '../../../errors.js';
import type { LonLat } from '../../../integrations/geo/measure.js';
import { distanceText, durationText, type RouteResult } from '../../../integrations/routing/provider.js';
import { visibleEvent } from '../../events/access.js';
import { mapServiceTexts as t } from './texts.js';

export interface Leg {
  from: LonLat;
  to: LonLat;
}

const lonLat = (lon: number | null | undefined, lat: number | null | undefined): LonLat | null =>
  lon === null ||
  lon === undefined ||
  lat === null ||
  lat === undefined ||
  !Number.isFinite(lon) ||
  !Number.isFinite(lat)
    ? null
    : [lon, lat];

async function targetOf(db: Database, auth: AuthContext, eventId: number): Promise<LonLat> {
  const { row } = await visibleEvent(db, auth, eventId);
  const to = lonLat(row.targetLongitude, row.targetLatitude);
  if (!to) throw unprocessable({ field: 'eventId', message: t.noTarget });
  return to;
}

export async function routeFromJob(db: Database, auth: AuthContext, jobId: number): Promise<Leg> {
  const [job] = await db.select().from(eventJobs).where(eq(eventJobs.id, jobId));
  if (!job) throw notFound(t.jobNotFound);
  const to = await targetOf(db, auth, job.eventId);
  let from: LonLat | null = null;
  if (job.resourceId !== null) {
    const [pos] = await db
      .select({ longitude: resourcePositions.longitude, latitude: resourcePositions.latitude })
      .from(resourcePositions)
      .where(eq(resourcePositions.resourceId, job.resourceId))
      .orderBy(desc(resourcePositions.recordedAt), desc(resourcePositions.id))
      .limit(1);
    from = lonLat(pos?.longitude, pos?.latitude);
    if (!from) {
      const [res] = await db
        .select({ longitude: resources.longitude, latitude: resources.latitude })
        .from(resources)
        .where(eq(resources.id, job.resourceId));
      from = lonLat(res?.longitude, res?.latitude);
    }
  }
  if (!from && job.baseId !== null) {
    const [base] = await db
      .select({ longitude: bases.longitude, latitude: bases.latitude })
      .from(bases)
      .where(eq(bases.id, job.baseId));
    from = lonLat(base?.longitude, base?.latitude);
  }
  if (!from) throw unprocessable({ field: 'jobId', message: t.noVehiclePosition });
  return { from, to };
}

export async function routeFromBase(
  db: Database,
  auth: AuthContext,
  baseId: number,
  eventId: number | undefined,
): Promise<Leg> {
  const [base] = await db.select().from(bases).where(eq(bases.id, baseId));
  if (!base) throw notFound(t.baseNotFound);
  if (eventId === undefined) throw unprocessable({ field: 'eventId', message: t.eventRequired });
  const to = await targetOf(db, auth, eventId);
  const from = lonLat(base.longitude, base.latitude);
  if (!from) throw unprocessable({ field: 'baseId', message: t.noBasePosition });
  return { from, to };
}

/** The wire answer: `{route, durationText, distanceText, distance, duration}`. */
export function presentRoute(r: RouteResult) {
  return {
    route: r.route,
    durationText: durationText(r.duration),
    distanceText: distanceText(r.distance),
    distance: Math.round(r.distance),
    duration: Math.round(r.duration),
  };
}
