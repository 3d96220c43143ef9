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
 * Each route reads validate (the domain's schemas, `@panel/domain/vehicles`) → command → present. Authorization
 * lives in ONE place, the commands (commands.ts, sendRoute.ts): create EventJob for every write; end, move and
 * remove need the vehicle's base or the central base. They load the job and its event first only where the rule
 * needs them (an invisible event is a 404 like an unknown one).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createJobSchema, jobAnswer, jobIdParams, sentRouteAnswer, updateJobSchema } from '@panel/domain/vehicles';
import { okResult } from '@panel/domain/http';
import { routingProvider } from '../../../integrations/routing/provider.js';
import { createJob, removeJob, updateJob } from './commands.js';
import { sendRouteToVehicle } from './sendRoute.js';

export default async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const createSchema = { body: createJobSchema, response: { 200: jobAnswer, 201: jobAnswer } };
  r.post(
    '/v2/event-jobs',
    {
      schema: {
        ...createSchema,
        operationId: 'createEventJob',
        summary: 'Deploy a vehicle to an event (200 on a retry with the same uuid).',
        tags: ['vehicles'],
      },
    },
    async (request, reply) => {
      const { job, created } = await createJob(app.deps, request.auth, request.body);
      return reply.status(created ? 201 : 200).send(job);
    },
  );

  const updateSchema = { params: jobIdParams, body: updateJobSchema, response: { 200: jobAnswer } };
  r.put(
    '/v2/event-jobs/:id',
    { schema: { ...updateSchema, operationId: 'updateEventJob', summary: 'Change a deployment.', tags: ['vehicles'] } },
    async (request) => updateJob(app.deps, request.auth, request.params.id, request.body),
  );

  r.post(
    '/v2/event-jobs/:id/route',
    {
      schema: {
        operationId: 'sendEventJobRoute',
        summary: 'Send the route to the vehicle of a deployment.',
        tags: ['vehicles'],
        params: jobIdParams,
        response: { 200: sentRouteAnswer },
      },
    },
    async (request) =>
      sendRouteToVehicle(
        app.deps,
        request.auth,
        request.params.id,
        routingProvider(app.deps.config.mapServices.routingUrl, { log: request.log }),
      ),
  );

  r.delete(
    '/v2/event-jobs/:id',
    {
      schema: {
        operationId: 'deleteEventJob',
        summary: 'Remove a deployment.',
        tags: ['vehicles'],
        params: jobIdParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      await removeJob(app.deps, request.auth, request.params.id);
      return { result: true } as const;
    },
  );
}
