/**
 * Deployment calls (docs/API.md "Vehicles and deployment (issue 5) — contract", 000 §7):
 *
 * - POST /v2/event-jobs: deploy a vehicle (idempotent by `uuid`: 201 new, 200 the saved one on a retry);
 *   `move: true` moves a vehicle deployed on another event (its job there ends in the same transaction).
 * - PUT /v2/event-jobs/{id}: status, ETA; status 20 ends the deployment.
 * - DELETE /v2/event-jobs/{id}: removes the job row.
 * - POST /v2/event-jobs/{id}/route: sends the route from the user's home unit to the event to the job's vehicle
 *   (sendRoute.ts; issue 12 item 13).
 *
 * Rules in commands.ts (create EventJob; end, move and remove need the vehicle's base or the central base).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routingProvider } from '../../integrations/routing/provider.js';
import { createJob, removeJob, updateJob } from './commands.js';
import { sendRouteToVehicle } from './sendRoute.js';
import { createJobSchema, jobIdParams, updateJobSchema } from './schema.js';

export default async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v2/event-jobs', { schema: { body: createJobSchema } }, async (request, reply) => {
    const { job, created } = await createJob(app.deps, request.auth, request.body);
    return reply.status(created ? 201 : 200).send(job);
  });

  r.put('/v2/event-jobs/:id', { schema: { params: jobIdParams, body: updateJobSchema } }, async (request) =>
    updateJob(app.deps, request.auth, request.params.id, request.body),
  );

  r.post('/v2/event-jobs/:id/route', { schema: { params: jobIdParams } }, async (request) =>
    sendRouteToVehicle(
      app.deps,
      request.auth,
      request.params.id,
      routingProvider(app.deps.config.mapServices.routingUrl, { log: request.log }),
    ),
  );

  r.delete('/v2/event-jobs/:id', { schema: { params: jobIdParams } }, async (request) => {
    await removeJob(app.deps, request.auth, request.params.id);
    return { result: true };
  });
}
