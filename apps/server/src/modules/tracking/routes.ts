/**
 * Tracking calls (issue 14 items 4 and 6):
 * - GET /v2/resources/trails: the last 30 minutes of each vehicle the user may follow (view EventResources, as
 *   the vehicle overview; a unit: its own vehicles and those on its events), tracks.ts;
 * - GET /v2/events/{id}/tracks: each deployment's track from departure to now or its end (view Event and a
 *   visible event, else 404 like an unknown one — the jobs follow their event), tracks.ts;
 * - GET /v2/events/{id}/vehicle-eta: distance and ETA of each free vehicle to the event (view EventResources and
 *   a visible event), vehicleEta.ts.
 * Schemas: `@panel/domain/tracking`. Each route authorizes in one place, here: the right, then the event's
 * visibility as it is loaded (`visibleEvent`), before the query.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobTracksAnswer, resourceTrailsAnswer, trackingEventParams, vehicleEtasAnswer } from '@panel/domain/tracking';
import { requireAbility } from '../../http/requireAbility.js';
import { routingProvider } from '../../integrations/routing/provider.js';
import { viewerOf, visibleEvent } from '../events/access.js';
import { resourceTrails, eventTracks } from './tracks.js';
import { vehicleEtas } from './vehicleEta.js';

/** the dialog waits for at most this per routing call, then shows the estimate */
const DIALOG_ROUTING_TIMEOUT_MS = 3_000;

export default async function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/resources/trails',
    {
      schema: {
        operationId: 'listResourceTrails',
        summary: 'The recent trails of the deployed vehicles.',
        tags: ['tracking'],
        response: { 200: resourceTrailsAnswer },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'EventResources');
      return resourceTrails(app.deps.db, viewerOf(request.auth), new Date());
    },
  );

  const tracksSchema = { params: trackingEventParams, response: { 200: jobTracksAnswer } };
  r.get(
    '/v2/events/:id/tracks',
    {
      schema: {
        ...tracksSchema,
        operationId: 'getEventTracks',
        summary: 'The tracks of the vehicles deployed to an event.',
        tags: ['tracking'],
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      const { row } = await visibleEvent(app.deps.db, request.auth, request.params.id);
      return eventTracks(app.deps.db, row.id, new Date());
    },
  );

  const etaSchema = { params: trackingEventParams, response: { 200: vehicleEtasAnswer } };
  r.get(
    '/v2/events/:id/vehicle-eta',
    {
      schema: {
        ...etaSchema,
        operationId: 'getVehicleEta',
        summary: 'Estimated arrival of the vehicles deployed to an event.',
        tags: ['tracking'],
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'EventResources');
      const { row } = await visibleEvent(app.deps.db, request.auth, request.params.id);
      const routing = routingProvider(app.deps.config.mapServices.routingUrl, {
        timeoutMs: DIALOG_ROUTING_TIMEOUT_MS,
        log: request.log,
      });
      return vehicleEtas(app.deps.db, row, routing, new Date());
    },
  );
}
