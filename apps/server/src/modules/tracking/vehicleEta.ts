/**
 * GET /v2/events/{id}/vehicle-eta (issue 14 item 4): distance and ETA from each free vehicle's live position to
 * the event's place (destination, else target), for the deployment dialog's sort and its 'Nejbližší volné
 * vozidlo'. Every free vehicle with a position gets the straight-line estimate; the nearest few with a fresh
 * position (000 §9: 300 s) are asked of the routing service when one is configured — a road route is what
 * decides between two close candidates, and asking it for every vehicle in the country would be slow and
 * pointless. A routing failure leaves the estimate (labelled 'estimate'). Sorted: fresh before stale, then by
 * duration.
 */
import { eq, inArray } from 'drizzle-orm';
import { INACTIVE_STATES, VEHICLE_POSITION_VALID_SECONDS } from '@panel/domain/constants';
import {
  estimateTravel,
  travelDistanceText,
  travelDurationText,
  type TrackCoordinate,
  type VehicleEta,
} from '@panel/domain/tracking';
import type { Database } from '../../db/client.js';
import { eventJobs, events, resources } from '../../db/schema/index.js';
import type { RoutingProvider } from '../../integrations/routing/provider.js';
import type { EventRow } from '../events/presenter.js';
import { activeJobs } from '../vehicles/jobs/active.js';
import { pointOf } from './jobs.js';

/** How many of the nearest fresh vehicles get a road route (one routing call each, in parallel). */
export const ROUTED_CANDIDATES = 3;

export const eventPlace = (
  e: Pick<EventRow, 'destinationLongitude' | 'destinationLatitude' | 'targetLongitude' | 'targetLatitude'>,
) => pointOf(e.destinationLongitude, e.destinationLatitude) ?? pointOf(e.targetLongitude, e.targetLatitude);

interface Candidate {
  resourceId: number;
  from: TrackCoordinate;
  fresh: boolean;
  eta: Omit<VehicleEta, 'resourceId' | 'distanceText' | 'durationText'>;
}

/** Active vehicles with a position and without an active job on an active event. */
async function freeVehicles(db: Database) {
  const vehicles = await db
    .select({
      id: resources.id,
      longitude: resources.longitude,
      latitude: resources.latitude,
      at: resources.locationAt,
    })
    .from(resources)
    .where(eq(resources.active, 1));
  const ids = vehicles.map((v) => v.id);
  const busy = ids.length
    ? await db
        .select({ resourceId: eventJobs.resourceId, stateId: events.eventStateId })
        .from(eventJobs)
        .innerJoin(events, eq(events.id, eventJobs.eventId))
        .where(activeJobs(inArray(eventJobs.resourceId, ids)))
    : [];
  // a job left open on a closed or removed event holds nobody (issue 12): that vehicle is free
  const held = new Set(busy.filter((b) => !INACTIVE_STATES.includes(b.stateId)).map((b) => b.resourceId));
  return vehicles.filter((v) => !held.has(v.id));
}

export async function vehicleEtas(
  db: Database,
  event: EventRow,
  routing: RoutingProvider,
  now: Date,
): Promise<VehicleEta[]> {
  const to = eventPlace(event);
  if (!to) return [];
  const candidates: Candidate[] = [];
  for (const v of await freeVehicles(db)) {
    const from = pointOf(v.longitude, v.latitude);
    if (!from) continue;
    const fresh = v.at != null && now.getTime() - v.at.getTime() <= VEHICLE_POSITION_VALID_SECONDS * 1000;
    candidates.push({ resourceId: v.id, from, fresh, eta: { ...estimateTravel(from, to), source: 'estimate' } });
  }
  const order = (a: Candidate, b: Candidate) => Number(b.fresh) - Number(a.fresh) || a.eta.duration - b.eta.duration;
  candidates.sort(order);
  if (routing.kind === 'osrm') {
    const nearest = candidates.filter((c) => c.fresh).slice(0, ROUTED_CANDIDATES);
    await Promise.all(
      nearest.map(async (c) => {
        try {
          const r = await routing.route(c.from, to);
          c.eta = { distance: r.distance, duration: r.duration, source: 'route' };
        } catch {
          // logged by the provider; the estimate stays, labelled
        }
      }),
    );
    candidates.sort(order);
  }
  return candidates.map((c) => ({
    resourceId: c.resourceId,
    distance: Math.round(c.eta.distance),
    duration: Math.round(c.eta.duration),
    source: c.eta.source,
    distanceText: travelDistanceText(c.eta.distance),
    durationText: travelDurationText(c.eta.duration),
  }));
}
