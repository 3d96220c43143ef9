/**
 * Trails and tracks (issue 14 item 6) from the position history `resource_positions`:
 * - a vehicle's trail: its last 30 minutes (`TRAIL_MINUTES`), for the map's 'Stopy vozidel' switch;
 * - a deployment's track: from its departure (the job made) to its end, or now, for the event view.
 *
 * Thinned twice so a tracker reporting every second costs the panel little: in SQL one fix per time bucket (10 s
 * for trails; for a long track the bucket grows so a track has at most ~600 buckets), then in memory a point
 * only when it is at least `MIN_STEP_M` from the last one kept (a standing vehicle is one point, not hundreds).
 * The newest point is always kept, so the line ends where the vehicle is.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { haversine } from '@panel/domain/map';
import { TRAIL_MINUTES, type JobTrack, type ResourceTrail, type TrackCoordinate } from '@panel/domain/tracking';
import type { Database } from '../../db/client.js';
import { eventJobs, events, resourcePositions, resources } from '../../db/schema/index.js';
import { wireTime } from '../../sync/wire.js';
import { eventVisibleSql, seesAllEvents, type Viewer } from '../../sync/visibility.js';
import { activeJobs } from '../vehicles/jobs/active.js';

/** A point closer than this to the last kept one adds nothing at the map's scales (and GPS wanders that much). */
export const MIN_STEP_M = 15;
const TRAIL_BUCKET_S = 10;
const TRACK_MAX_BUCKETS = 600;

interface Fix {
  resourceId: number;
  longitude: number;
  latitude: number;
  recordedAt: Date;
}

/** Oldest first; drops points within MIN_STEP_M of the last kept; keeps the newest. */
export function thin(fixes: readonly Fix[]): { points: TrackCoordinate[]; from: Date | null; to: Date | null } {
  const points: TrackCoordinate[] = [];
  let last: Fix | null = null;
  for (let i = 0; i < fixes.length; i++) {
    const f = fixes[i];
    const isLast = i === fixes.length - 1;
    if (last && !isLast && haversine([last.longitude, last.latitude], [f.longitude, f.latitude]) < MIN_STEP_M) {
      continue;
    }
    if (
      last &&
      isLast &&
      points.length > 1 &&
      haversine([last.longitude, last.latitude], [f.longitude, f.latitude]) < MIN_STEP_M
    ) {
      // the newest replaces a kept point next to it, so the line still ends at the vehicle
      points[points.length - 1] = [f.longitude, f.latitude];
      last = f;
      continue;
    }
    points.push([f.longitude, f.latitude]);
    last = f;
  }
  return { points, from: fixes[0]?.recordedAt ?? null, to: fixes.at(-1)?.recordedAt ?? null };
}

/** Metres along the points (the thinned track, so a standing vehicle's GPS wander adds nothing). */
export function trackLength(points: readonly TrackCoordinate[]): number {
  let metres = 0;
  for (let i = 1; i < points.length; i++) {
    metres += haversine(points[i - 1], points[i]);
  }
  return Math.round(metres);
}

/** One fix per bucket of `bucketSeconds` (the newest in it) of these vehicles in [from, to], oldest first. */
async function bucketed(db: Database, where: SQL, bucketSeconds: number): Promise<Fix[]> {
  // inlined (our own whole number): as a parameter it would be $1 in DISTINCT ON and $n in ORDER BY, which
  // PostgreSQL does not take for the same expression
  const seconds = sql.raw(String(Math.max(1, Math.trunc(bucketSeconds))));
  const bucket = sql`floor(extract(epoch from ${resourcePositions.recordedAt}) / ${seconds})`;
  const rows = await db
    .selectDistinctOn([resourcePositions.resourceId, bucket], {
      resourceId: resourcePositions.resourceId,
      longitude: resourcePositions.longitude,
      latitude: resourcePositions.latitude,
      recordedAt: resourcePositions.recordedAt,
    })
    .from(resourcePositions)
    .where(where)
    .orderBy(resourcePositions.resourceId, bucket, desc(resourcePositions.recordedAt));
  return rows.sort((a, b) => a.resourceId - b.resourceId || a.recordedAt.getTime() - b.recordedAt.getTime());
}

function byResource(fixes: Fix[]): Map<number, Fix[]> {
  const out = new Map<number, Fix[]>();
  for (const f of fixes) {
    const list = out.get(f.resourceId);
    if (list) list.push(f);
    else out.set(f.resourceId, [f]);
  }
  return out;
}

/**
 * The vehicles whose trail this viewer may see: every vehicle for who sees every event (central base, MNG, COIS,
 * admin); else the vehicles of the own unit and those deployed on an event the viewer sees — the rest of the
 * country's history is not a unit's business (their current position it has, as the bundle gives everyone).
 */
async function trailVehicles(db: Database, viewer: Viewer): Promise<number[]> {
  if (seesAllEvents(viewer)) {
    return (await db.select({ id: resources.id }).from(resources).where(eq(resources.active, 1))).map((r) => r.id);
  }
  const own =
    viewer.baseId == null
      ? []
      : await db
          .select({ id: resources.id })
          .from(resources)
          .where(and(eq(resources.active, 1), eq(resources.baseId, viewer.baseId)));
  const deployed = await db
    .selectDistinct({ id: eventJobs.resourceId })
    .from(eventJobs)
    .innerJoin(events, eq(events.id, eventJobs.eventId))
    .where(activeJobs(eventVisibleSql(viewer)));
  return [...new Set([...own.map((r) => r.id), ...deployed.map((r) => r.id).filter((id): id is number => id != null)])];
}

/** GET /v2/resources/trails: the last 30 minutes of every vehicle the viewer may follow, with at least 2 points. */
export async function resourceTrails(db: Database, viewer: Viewer, now: Date): Promise<ResourceTrail[]> {
  const ids = await trailVehicles(db, viewer);
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - TRAIL_MINUTES * 60_000);
  const fixes = await bucketed(
    db,
    and(
      inArray(resourcePositions.resourceId, ids),
      gte(resourcePositions.recordedAt, since),
      lte(resourcePositions.recordedAt, now),
    )!,
    TRAIL_BUCKET_S,
  );
  const out: ResourceTrail[] = [];
  for (const [resourceId, list] of byResource(fixes)) {
    const t = thin(list);
    if (t.points.length < 2) continue;
    out.push({ resourceId, from: wireTime(t.from), to: wireTime(t.to), points: t.points });
  }
  return out;
}

/** GET /v2/events/{id}/tracks: each deployment of the (visible) event from its departure to its end or now. */
export async function eventTracks(db: Database, eventId: number, now: Date): Promise<JobTrack[]> {
  const jobs = await db.select().from(eventJobs).where(eq(eventJobs.eventId, eventId)).orderBy(asc(eventJobs.id));
  const out: JobTrack[] = [];
  for (const job of jobs) {
    if (job.resourceId == null) continue;
    const to = job.endedAt ?? now;
    const span = Math.max(0, (to.getTime() - job.createdAt.getTime()) / 1000);
    const bucket = Math.max(TRAIL_BUCKET_S, Math.ceil(span / TRACK_MAX_BUCKETS));
    const fixes = await bucketed(
      db,
      and(
        eq(resourcePositions.resourceId, job.resourceId),
        gte(resourcePositions.recordedAt, job.createdAt),
        lte(resourcePositions.recordedAt, to),
      )!,
      bucket,
    );
    const t = thin(fixes);
    out.push({
      jobId: job.id,
      resourceId: job.resourceId,
      eventJobStatusId: job.eventJobStatusId,
      departedAt: wireTime(job.createdAt),
      from: wireTime(t.from),
      to: wireTime(t.to),
      distance: trackLength(t.points),
      points: t.points,
    });
  }
  return out;
}
