/**
 * Event-to-event links: POST /v2/event-to-events/{eventId}/{otherEventId} ('Připojeno'), DELETE
 * /v2/event-to-events/{id} ('Požadavek odeslán') and the link candidates GET /v2/events/{id}/link (paged).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wireIdParam } from '@panel/domain/validation';
import { requireAbility } from '../../app.js';
import { pageOf, pagingQuery, setPagingHeaders } from '../../http/paging.js';
import { linkCandidates } from './candidates.js';
import { linkEvents, unlinkEvents } from './commands.js';

const id = wireIdParam();

export default async function linkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/event-to-events/:eventId/:otherEventId',
    { schema: { params: z.object({ eventId: id, otherEventId: id }) } },
    async (request) => {
      const event = await linkEvents(app.deps, request.auth, request.params.eventId, request.params.otherEventId);
      return { result: true, event };
    },
  );

  r.delete('/v2/event-to-events/:id', { schema: { params: z.object({ id }) } }, async (request) => {
    await unlinkEvents(app.deps, request.auth, request.params.id);
    return { result: true };
  });

  r.get(
    '/v2/events/:id/link',
    { schema: { params: z.object({ id }), querystring: z.object({ ...pagingQuery }) } },
    async (request, reply) => {
      requireAbility(request, 'view', 'Event');
      const paging = pageOf(request.query);
      const { items, total } = await linkCandidates(app.deps.db, request.auth, request.params.id, paging);
      setPagingHeaders(request, reply, paging, total);
      return items;
    },
  );
}
