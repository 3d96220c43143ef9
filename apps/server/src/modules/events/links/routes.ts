/**
 * Event-to-event links: POST /v2/event-to-events/{eventId}/{otherEventId} ('Připojeno'), DELETE
 * /v2/event-to-events/{id} ('Požadavek odeslán') and the link candidates GET /v2/events/{id}/link (paged).
 * Schemas: `@panel/domain/events`. Authorization: link and unlink in their commands (commands.ts: the rules
 * read both events), the candidates here in the route (view Event; the event's visibility in the query).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventIdParams, linkAnswer, linkCandidatesAnswer, linkParams } from '@panel/domain/events';
import { okResult, pagedQuery } from '@panel/domain/http';
import { requireAbility } from '../../../http/requireAbility.js';
import { pageOf, setPagingHeaders } from '../../../http/paging.js';
import { linkCandidates } from './candidates.js';
import { linkEvents, unlinkEvents } from './commands.js';

export default async function linkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/event-to-events/:eventId/:otherEventId',
    {
      schema: {
        operationId: 'linkEvents',
        summary: 'Link two events.',
        tags: ['events'],
        params: linkParams,
        response: { 200: linkAnswer },
      },
    },
    async (request) => {
      const event = await linkEvents(app.deps, request.auth, request.params.eventId, request.params.otherEventId);
      return { result: true as const, event };
    },
  );

  r.delete(
    '/v2/event-to-events/:id',
    {
      schema: {
        operationId: 'unlinkEvent',
        summary: 'Remove the link of an event.',
        tags: ['events'],
        params: eventIdParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      await unlinkEvents(app.deps, request.auth, request.params.id);
      return { result: true as const };
    },
  );

  r.get(
    '/v2/events/:id/link',
    {
      schema: {
        operationId: 'listLinkCandidates',
        summary: 'List the events an event may be linked to, paged.',
        tags: ['events'],
        params: eventIdParams,
        querystring: pagedQuery,
        response: { 200: linkCandidatesAnswer },
      },
    },
    async (request, reply) => {
      requireAbility(request, 'view', 'Event');
      const paging = pageOf(request.query);
      const { items, total } = await linkCandidates(app.deps.db, request.auth, request.params.id, paging);
      setPagingHeaders(request, reply, paging, total);
      return items;
    },
  );
}
