/**
 * Event calls (docs/API.md "Events (issue 3)"): create, update (with close/remove/remove parent link),
 * create from another event, the KOPIS simulation, the list, the journal and its readable history. The area's other
 * parts register here, each in its own scope: links (`links/`), the Spojař queue (`queue/`), messages to ISV
 * (`ktc/`) and the railway operator's calls (railwayOperator.ts). Requests and answers are `@panel/domain/events` schemas.
 *
 * Route shape: validate (schema) → load → authorize → command → present. Authorization lives in ONE place per
 * route: the writes (create, update, create-from, KOPIS) authorize in their command (create.ts, update.ts,
 * simulate.ts: the rules need the loaded event), the reads (list, journal, history) here in the route.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAbility } from '../../http/requireAbility.js';
import { pageOf, setPagingHeaders } from '../../http/paging.js';
import { createEvent, createEventFrom, simulateKopis, updateEvent } from './commands.js';
import { eventHistory, eventJournal, listEvents } from './queries.js';
import ktcRoutes from './ktc/routes.js';
import linkRoutes from './links/routes.js';
import queueRoutes from './queue/routes.js';
import railwayOperatorRoutes from './railwayOperator.js';
import {
  createEventSchema,
  createFromSchema,
  eventHistorySchema,
  eventIdParams,
  eventJournalSchema,
  eventListAnswer,
  journalParams,
  listQuerySchema,
  updateEventSchema,
  uuidParams,
} from '@panel/domain/events';
import { eventSchema } from '@panel/domain/sync';

/** a create answers 201 with the new event, or 200 with the saved one on a retry with the same uuid */
const created = { 200: eventSchema, 201: eventSchema };

export default async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(railwayOperatorRoutes); // the railway operator's calls (000 §7)
  await app.register(ktcRoutes);
  await app.register(linkRoutes);
  await app.register(queueRoutes);

  r.post(
    '/v2/events',
    {
      schema: {
        operationId: 'createEvent',
        summary: 'Create an event (201; 200 with the saved one on a retry with the same uuid).',
        tags: ['events'],
        body: createEventSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const { event, created } = await createEvent(app.deps, request.auth, request.body);
      return reply.status(created ? 201 : 200).send(event);
    },
  );

  r.put(
    '/v2/events/:id',
    {
      schema: {
        operationId: 'updateEvent',
        summary: 'Change, close or remove an event, or remove its parent link.',
        tags: ['events'],
        params: eventIdParams,
        body: updateEventSchema,
        response: { 200: eventSchema },
      },
    },
    async (request) => {
      return updateEvent(app.deps, request.auth, request.params.id, request.body);
    },
  );

  r.post(
    '/v2/events/create-from/:uuid',
    {
      schema: {
        operationId: 'createEventFrom',
        summary: 'Create an event from another event.',
        tags: ['events'],
        params: uuidParams,
        body: createFromSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const { event, created } = await createEventFrom(app.deps, request.auth, request.params.uuid, request.body);
      return reply.status(created ? 201 : 200).send(event);
    },
  );

  r.post(
    '/v2/events/simulate/kopis',
    {
      schema: {
        operationId: 'simulateKopisEvent',
        summary: 'Create a simulated event as KOPIS would send it.',
        tags: ['events'],
        response: { 201: eventSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await simulateKopis(app.deps, request.auth));
    },
  );

  r.get(
    '/v2/events/list',
    {
      schema: {
        operationId: 'listEvents',
        summary: 'List the events the user sees, filtered and paged.',
        tags: ['events'],
        querystring: listQuerySchema,
        response: { 200: eventListAnswer },
      },
    },
    async (request, reply) => {
      requireAbility(request, 'view', 'Event');
      const paging = pageOf(request.query);
      const { events, total } = await listEvents(app.deps.db, request.auth, request.query, paging);
      setPagingHeaders(request, reply, paging, total);
      return events;
    },
  );

  r.get(
    '/v2/events/journal/:eventId',
    {
      schema: {
        operationId: 'getEventJournal',
        summary: 'The raw journal of an event (debug view).',
        tags: ['events'],
        params: journalParams,
        response: { 200: eventJournalSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Debug');
      return eventJournal(app.deps.db, request.auth, request.params.eventId);
    },
  );

  // 'Historie akcí': the journal as every viewer of the event may read it (no raw data; the journal above is
  // the debug view)
  r.get(
    '/v2/events/:id/history',
    {
      schema: {
        operationId: 'getEventHistory',
        summary: 'The readable history of an event.',
        tags: ['events'],
        params: eventIdParams,
        response: { 200: eventHistorySchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      return eventHistory(app.deps.db, request.auth, request.params.id);
    },
  );
}
