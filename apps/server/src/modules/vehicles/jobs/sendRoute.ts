/**
 * 'Send route to the vehicle' (000 §5 "Sending a vehicle route needs the home base to have coordinates, else a
 * warning", §8 'Vaše domovská jednotka nemá zadané souřadnice.'; 001 §7 store actions routes/base, routes/eventJob;
 * issue 12 item 13). The spec shows no path: ours is POST /v2/event-jobs/{id}/route, no body.
 *
 * What it sends (reading, docs/READINGS.md "Vehicles"): the route from the
 * user's home unit (000 §8 "Vaše domovská jednotka") to the event's destination ('Místo dojezdu'), else its
 * target, computed by the routing provider, written to the job's vehicle — the fields of the vehicle's `pnt`
 * (001 §3): destinationLongitude/Latitude, waypoints (JSON text of [lon, lat] pairs), route (the line) and eta —
 * in one command (journal `eventJob.route` on the event, push to the vehicle's and the event's bases). The
 * vehicle's navigation reads its `pnt`; the panel shows the waypoints with 'show waypoints'.
 *
 * Authorize → load → rules → command → present (as the other job writes): 403 without create EventJob (the deployment right); 404 unknown job or invisible event; 422 an ended job, a job without vehicle, an inactive event, a home unit without
 * coordinates (field baseId, the spec's warning), an event without destination or target; 502 routing failed.
 */
import { eq } from 'drizzle-orm';
import { INACTIVE_STATES, JOB_STATUS } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import type { SentRoute } from '@panel/domain/sync';
import { bases, eventJobs, resources } from '../../../db/schema/index.js';
import { HttpError, notFound, unprocessable } from '../../../errors.js';
import { ServiceError } from '../../../integrations/geo/http.js';
import type { LonLat } from '../../../integrations/geo/measure.js';
import type { RoutingProvider } from '../../../integrations/routing/provider.js';
import { runCommand } from '../../../sync/commands.js';
import { actorOf, visibleEvent, type Auth, type Deps } from '../../events/access.js';
import { presentRoute } from '../../map/services/routing.js';
import { mapServiceTexts } from '../../map/services/texts.js';
import { presentResource } from '../resources/presenter.js';
import { assertJobRowsWritable } from './commands.js';
import { authorize } from '../../../http/authorize.js';

const point = (lon: number | null, lat: number | null): LonLat | null =>
  lon !== null && lat !== null && Number.isFinite(lon) && Number.isFinite(lat) ? [lon, lat] : null;

export const sendRouteTexts = {
  // ours (the spec shows no server messages for these refusals)
  jobEnded: 'Nasazení techniky je ukončené, trasu nelze odeslat.',
  noVehicle: 'Nasazení nemá techniku, trasu nelze odeslat.',
  eventInactive: 'Událost je uzavřená nebo odebraná, trasu nelze odeslat.',
  // from the spec (000 §8)
  homeBaseNoCoordinates: texts.events.homeBaseNoCoordinates,
} as const;

export async function sendRouteToVehicle(
  deps: Deps,
  auth: Auth,
  jobId: number,
  routing: RoutingProvider,
): Promise<SentRoute> {
  // authorize: sending to a deployed vehicle is part of deploying it (as every other job write)
  authorize(auth, 'create', 'EventJob');
  // load
  const [job] = await deps.db.select().from(eventJobs).where(eq(eventJobs.id, jobId));
  if (!job) throw notFound();
  const { row: event } = await visibleEvent(deps.db, auth, job.eventId);
  assertJobRowsWritable(auth, event);
  // the rules of the write
  if (job.endedAt || job.eventJobStatusId === JOB_STATUS.AT_BASE) {
    throw unprocessable({ field: 'jobId', message: sendRouteTexts.jobEnded });
  }
  if (job.resourceId === null) throw unprocessable({ field: 'jobId', message: sendRouteTexts.noVehicle });
  if (INACTIVE_STATES.includes(event.eventStateId)) {
    throw unprocessable({ field: 'eventId', message: sendRouteTexts.eventInactive });
  }
  const [home] = auth.user.baseId ? await deps.db.select().from(bases).where(eq(bases.id, auth.user.baseId)) : [];
  const from = home ? point(home.longitude, home.latitude) : null;
  if (!from) throw unprocessable({ field: 'baseId', message: sendRouteTexts.homeBaseNoCoordinates });
  const to =
    point(event.destinationLongitude, event.destinationLatitude) ?? point(event.targetLongitude, event.targetLatitude);
  if (!to) throw unprocessable({ field: 'eventId', message: mapServiceTexts.noTarget });

  let computed;
  try {
    computed = await routing.route(from, to);
  } catch (err) {
    if (err instanceof ServiceError) throw new HttpError(502, mapServiceTexts.routingError);
    throw err;
  }
  const resourceId = job.resourceId;

  // command
  const saved = await runCommand(
    deps,
    actorOf(auth),
    { type: 'eventJob.route', eventId: job.eventId },
    async (tx, rec) => {
      const now = new Date();
      const [row] = await tx
        .update(resources)
        .set({
          destinationLongitude: to[0],
          destinationLatitude: to[1],
          waypoints: JSON.stringify(computed.route.coordinates),
          route: computed.route,
          eta: new Date(now.getTime() + computed.duration * 1000),
          // the offline provider draws a straight line: the panel labels that ETA as an estimate (issue 14)
          etaSource: routing.kind === 'osrm' ? 'route' : 'estimate',
          updatedAt: now,
        })
        .where(eq(resources.id, resourceId))
        .returning();
      rec.changed('resources', resourceId);
      rec.touchBases(row.baseId, job.baseId);
      rec.journal({
        table: 'resources',
        data: {
          jobId: job.id,
          resourceId,
          resourceName: row.name,
          from,
          to,
          distance: Math.round(computed.distance),
          duration: Math.round(computed.duration),
        },
      });
      return row;
    },
  );

  // present
  const [base] = saved.baseId
    ? await deps.db.select({ code: bases.code }).from(bases).where(eq(bases.id, saved.baseId))
    : [];
  return {
    jobId: job.id,
    ...presentRoute(computed),
    resource: presentResource(saved, base?.code ?? null, { id: job.id, eventId: job.eventId }),
  };
}
