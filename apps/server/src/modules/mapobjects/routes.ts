/**
 * Map notes and drawn objects of events (docs/API.md "Map notes and drawings (issue 6) — contract"):
 * POST/PUT/DELETE /v2/event-objects and /v2/event-geos. Rules and the sync side are in commands.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createGeo, createNote, deleteGeo, deleteNote, updateGeo, updateNote } from './commands.js';
import { createGeoSchema, createNoteSchema, idParams, updateGeoSchema, updateNoteSchema } from './schema.js';

export default async function mapObjectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v2/event-objects', { schema: { body: createNoteSchema } }, async (request, reply) => {
    const { note, created } = await createNote(app.deps, request.auth, request.body);
    return reply.status(created ? 201 : 200).send(note);
  });

  r.put('/v2/event-objects/:id', { schema: { params: idParams, body: updateNoteSchema } }, async (request) =>
    updateNote(app.deps, request.auth, request.params.id, request.body),
  );

  r.delete('/v2/event-objects/:id', { schema: { params: idParams } }, async (request) => {
    await deleteNote(app.deps, request.auth, request.params.id);
    return { result: true };
  });

  r.post('/v2/event-geos', { schema: { body: createGeoSchema } }, async (request, reply) => {
    const { geo, created } = await createGeo(app.deps, request.auth, request.body);
    return reply.status(created ? 201 : 200).send(geo);
  });

  r.put('/v2/event-geos/:id', { schema: { params: idParams, body: updateGeoSchema } }, async (request) =>
    updateGeo(app.deps, request.auth, request.params.id, request.body),
  );

  r.delete('/v2/event-geos/:id', { schema: { params: idParams } }, async (request) => {
    await deleteGeo(app.deps, request.auth, request.params.id);
    return { result: true };
  });
}
