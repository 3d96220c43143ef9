/**
 * The Spojař queue: POST /v2/events/{id}/queue (a dispatcher sends an event), GET /v2/queue (pending items
 * with their events, paged) and POST /v2/queue/{id}/take (the external dispatcher system takes one).
 *
 * Permissions (ours; the spec names none): reading needs the server permission `queue.view` (view Queue) and
 * taking `queue.take` (take Queue) — the demo seed grants both to role admin, the account an integration logs
 * in with — or view Debug for either. Items are limited to events the caller may see (sync/visibility.ts).
 *
 * Schemas: `@panel/domain/events` (paging: `@panel/domain/http`). Authorization: sending in its command (`sendToQueue`: the event's rules),
 * reading and taking here in the route (`requireQueue`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventIdParams, queueAnswer, queueItemSchema } from '@panel/domain/events';
import { pagedQuery } from '@panel/domain/http';
import { eventSchema } from '@panel/domain/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { eventQueue, events } from '../../../db/schema/index.js';
import { pageOf, setPagingHeaders, slicePage } from '../../../http/paging.js';
import { loadEventRows, presentEvents } from '../../sync/loaders.js';
import { isEventVisible } from '../../../sync/visibility.js';
import { presentOne, viewerOf } from '../access.js';
import { presentItem, sendToQueue, takeQueueItem } from './commands.js';
import { allows, authorize } from '../../../http/authorize.js';

const idParams = eventIdParams;

function requireQueue(request: FastifyRequest, action: 'view' | 'take') {
  // whoever views Debug works the queue too
  if (!allows(request.auth, 'view', 'Debug')) authorize(request.auth, action, 'Queue');
}

export default async function queueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.post(
    '/v2/events/:id/queue',
    {
      schema: {
        operationId: 'queueEvent',
        summary: 'Send an event to the Spojař queue.',
        tags: ['events'],
        params: idParams,
        response: { 200: eventSchema },
      },
    },
    async (request) => sendToQueue(app.deps, request.auth, request.params.id),
  );

  r.get(
    '/v2/queue',
    {
      schema: {
        operationId: 'listQueue',
        summary: 'List the Spojař queue, paged.',
        tags: ['events'],
        querystring: pagedQuery,
        response: { 200: queueAnswer },
      },
    },
    async (request, reply) => {
      requireQueue(request, 'view');
      const pending = await db
        .select()
        .from(eventQueue)
        .where(eq(eventQueue.state, 'pending'))
        .orderBy(asc(eventQueue.id));
      const loaded = pending.length
        ? await loadEventRows(db, inArray(events.id, [...new Set(pending.map((p) => p.eventId))]))
        : [];
      const viewer = viewerOf(request.auth);
      const visible = loaded.filter((l) =>
        isEventVisible(viewer, { baseId: l.row.baseId, eventToBase: l.eventToBase }),
      );
      const seen = new Set(visible.map((l) => l.row.id));
      const items = pending.filter((p) => seen.has(p.eventId));
      const paging = pageOf(request.query);
      const page = slicePage(items, paging);
      const onPage = new Set(page.map((p) => p.eventId));
      const presented = await presentEvents(
        db,
        viewer,
        visible.filter((l) => onPage.has(l.row.id)),
      );
      const byId = new Map(presented.map((e) => [e.id, e]));
      setPagingHeaders(request, reply, paging, items.length);
      return page.map((p) => presentItem(p, byId.get(p.eventId) ?? null));
    },
  );

  r.post(
    '/v2/queue/:id/take',
    {
      schema: {
        operationId: 'takeQueueItem',
        summary: 'Take an event from the Spojař queue.',
        tags: ['events'],
        params: idParams,
        response: { 200: queueItemSchema },
      },
    },
    async (request) => {
      requireQueue(request, 'take');
      const taken = await takeQueueItem(app.deps, request.auth, request.params.id);
      return presentItem(taken, await presentOne(db, request.auth, taken.eventId));
    },
  );
}
