/**
 * Map notes and drawn objects of events (docs/API.md "Map notes and drawings (issue 6) — contract"):
 * POST/PUT/DELETE /v2/event-objects and /v2/event-geos. Schemas: `@panel/domain/map` (objectsSchema.ts).
 *
 * Each route: validate (schema) → commands.ts loads the note/drawing and its event, authorizes (the one place:
 * `assertNotes` / `assertDraw` there, since the rule needs the loaded event) and runs the command → present.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResult } from '@panel/domain/http';
import { eventGeoSchema, eventObjectSchema } from '@panel/domain/sync';
import { createGeo, createNote, deleteGeo, deleteNote, updateGeo, updateNote } from './commands.js';
import {
  createGeoSchema,
  createNoteSchema,
  mapObjectIdParams as idParams,
  updateGeoSchema,
  updateNoteSchema,
} from '@panel/domain/map';

export default async function mapObjectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/event-objects',
    {
      schema: {
        operationId: 'createEventObject',
        summary: 'Create a map note of an event (200 on a retry with the same uuid).',
        tags: ['map'],
        body: createNoteSchema,
        response: { 200: eventObjectSchema, 201: eventObjectSchema },
      },
    },
    async (request, reply) => {
      const { note, created } = await createNote(app.deps, request.auth, request.body);
      return reply.status(created ? 201 : 200).send(note);
    },
  );

  r.put(
    '/v2/event-objects/:id',
    {
      schema: {
        operationId: 'updateEventObject',
        summary: 'Change a map note.',
        tags: ['map'],
        params: idParams,
        body: updateNoteSchema,
        response: { 200: eventObjectSchema },
      },
    },
    async (request) => updateNote(app.deps, request.auth, request.params.id, request.body),
  );

  r.delete(
    '/v2/event-objects/:id',
    {
      schema: {
        operationId: 'deleteEventObject',
        summary: 'Delete a map note.',
        tags: ['map'],
        params: idParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      await deleteNote(app.deps, request.auth, request.params.id);
      return { result: true as const };
    },
  );

  r.post(
    '/v2/event-geos',
    {
      schema: {
        operationId: 'createEventGeo',
        summary: 'Create a map drawing of an event (200 on a retry with the same uuid).',
        tags: ['map'],
        body: createGeoSchema,
        response: { 200: eventGeoSchema, 201: eventGeoSchema },
      },
    },
    async (request, reply) => {
      const { geo, created } = await createGeo(app.deps, request.auth, request.body);
      return reply.status(created ? 201 : 200).send(geo);
    },
  );

  r.put(
    '/v2/event-geos/:id',
    {
      schema: {
        operationId: 'updateEventGeo',
        summary: 'Change a map drawing.',
        tags: ['map'],
        params: idParams,
        body: updateGeoSchema,
        response: { 200: eventGeoSchema },
      },
    },
    async (request) => updateGeo(app.deps, request.auth, request.params.id, request.body),
  );

  r.delete(
    '/v2/event-geos/:id',
    {
      schema: {
        operationId: 'deleteEventGeo',
        summary: 'Delete a map drawing.',
        tags: ['map'],
        params: idParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      await deleteGeo(app.deps, request.auth, request.params.id);
      return { result: true as const };
    },
  );
}
