/** POST /v2/events (create, idempotent by uuid) and PUT /v2/events/:id (update of the saved subset). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEvent, updateEvent } from './commands.js';
import { createEventSchema, eventIdParams, updateEventSchema } from './schema.js';

export default async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v2/events', { schema: { body: createEventSchema } }, async (request, reply) => {
    const { event, created } = await createEvent(app.deps, request.auth, request.body);
    return reply.status(created ? 201 : 200).send(event);
  });

  r.put('/v2/events/:id', { schema: { params: eventIdParams, body: updateEventSchema } }, async (request) => {
    return updateEvent(app.deps, request.auth, request.params.id, request.body);
  });
}
