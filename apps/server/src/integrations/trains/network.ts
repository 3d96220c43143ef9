/**
 * The railway network the simulation runs on, loaded from the database (railway_lines, active stations,
 * bases) and kept in memory per database. It is rebuilt when the lines or points change (checked at most every
 * 30 s by count and newest update), so an SR70 import run by the command line shows up without a restart.
 */
import { and, count, eq, isNotNull, max, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bases, railwayLines, railwayPoints } from '../../db/schema/index.js';
import { buildFleet, incidentTrains, INCIDENT_TRAINS, type SimTrain } from './fleet.js';
import { buildMuvs, type SimMuv } from './muv.js';
import { buildNetwork, type Network, type TrackLine } from './simulation.js';

export interface SimWorld {
  network: Network;
  lineByCode: Map<string, TrackLine>;
  fleet: SimTrain[];
  trainByNumber: Map<string, SimTrain>;
  muvs: SimMuv[];
}

interface CacheEntry {
  signature: string;
  checkedAt: number;
  world: Promise<SimWorld>;
}

const CHECK_MS = 30_000;
const cache = new WeakMap<Database, CacheEntry>();

async function signatureOf(db: Database): Promise<string> {
  const [l] = await db.select({ n: count(), at: max(railwayLines.updatedAt) }).from(railwayLines);
  const [p] = await db.select({ n: count(), at: max(railwayPoints.updatedAt) }).from(railwayPoints);
  const time = (d: Date | string | null) => (d ? new Date(d).getTime() : 0);
  return `${l.n}:${time(l.at)}:${p.n}:${time(p.at)}`;
}

async function buildWorld(db: Database): Promise<SimWorld> {
  const lines = await db
    .select({
      code: railwayLines.code,
      name: railwayLines.name,
      category: railwayLines.category,
      coordinates: railwayLines.coordinates,
    })
    .from(railwayLines);
  const stations = await db
    .select({
      code: railwayPoints.code,
      name: railwayPoints.name,
      longitude: railwayPoints.longitude,
      latitude: railwayPoints.latitude,
    })
    .from(railwayPoints)
    .where(
      and(
        eq(railwayPoints.active, true),
        or(eq(railwayPoints.kind, 'Železniční stanice'), sql`${railwayPoints.kind} like 'Dopravna%'`),
      ),
    );
  const baseRows = await db
    .select({ code: bases.code, latitude: bases.latitude, longitude: bases.longitude, category: bases.baseCategoryId })
    .from(bases)
    .where(and(isNotNull(bases.latitude), isNotNull(bases.longitude)));
  const network = buildNetwork(
    lines,
    stations,
    baseRows
      .filter((b) => b.category === 1)
      .map((b) => ({ code: b.code, latitude: b.latitude!, longitude: b.longitude! })),
  );
  // the trains the events name first keep their numbers; the generated fleet never reuses them
  const fleet = [
    ...incidentTrains(network),
    ...buildFleet(
      network,
      undefined,
      INCIDENT_TRAINS.map((t) => t.number),
    ),
  ];
  return {
    network,
    lineByCode: new Map(network.lines.map((l) => [l.code, l])),
    fleet,
    trainByNumber: new Map(fleet.map((t) => [t.number, t])),
    muvs: buildMuvs(network),
  };
}

/** The simulated world of this database (cached; rebuilt after the railway data changed). */
export async function loadWorld(db: Database): Promise<SimWorld> {
  const entry = cache.get(db);
  const now = Date.now();
  if (entry && now - entry.checkedAt < CHECK_MS) return entry.world;
  const signature = await signatureOf(db);
  if (entry && entry.signature === signature) {
    entry.checkedAt = now;
    return entry.world;
  }
  const world = buildWorld(db);
  cache.set(db, { signature, checkedAt: now, world });
  world.catch(() => cache.delete(db));
  return world;
}
