/** Route tests through app.inject on a tiny Fastify (deps + request.auth); the lead switches them to buildApp. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../context.js';
import type { DatabaseHandle } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { HttpError } from '../../errors.js';
import { createNullHub } from '../../realtime/nullHub.js';
import { authFor, openSeeded } from '../../sync/testkit.js';
import eventRoutes from './routes.js';
import syncRoutes from '../sync/routes.js';

async function tinyApp(h: DatabaseHandle, users: Record<string, AuthContext>): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { db: h.db, hub: createNullHub(), config: {} as never });
  app.decorateRequest('auth', null as never);
  app.addHook('preHandler', async (request) => {
    request.auth = users[String(request.headers['x-user'] ?? 'dispecer')];
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.statusCode).send(error.body ?? { message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send(error.validation.map((v) => ({ field: v.instancePath, message: v.message })));
    }
    return reply.status(500).send({ message: String(error) });
  });
  await app.register(eventRoutes);
  await app.register(syncRoutes);
  return app;
}

describe('events routes', () => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    h = await openSeeded();
    const users: Record<string, AuthContext> = {};
    for (const u of ['dispecer', 'jednotka', 'mng', 'brno']) users[u] = await authFor(h.db, u);
    app = await tinyApp(h, users);
  });
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  const post = (body: unknown, user = 'dispecer') =>
    app.inject({ method: 'POST', url: '/v2/events', payload: body as object, headers: { 'x-user': user } });

  it('creates an event with the defaults of 000 §4 and answers it', async () => {
    const res = await post({
      uuid: 'c0ffee00-0000-4000-8000-000000000001',
      description: 'Kouř u trati',
      reporterName: 'jan novák',
      investigator: '',
    });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      uuid: 'c0ffee00-0000-4000-8000-000000000001',
      eventStateId: 1,
      eventStatusId: 2,
      eventTypeId: 2,
      eventSourceId: 2,
      eventTerrainId: 1,
      eventCategoryId: 5,
      baseId: 2,
      reporterName: 'JAN NOVÁK',
      investigator: null,
      version: 1,
    });
    expect(e.conversations.map((c: { type: number }) => c.type)).toEqual([1, 2]);
    // an event number is given (unit code-year-id) and the list has a title even without a subject
    expect(e.code).toMatch(new RegExp(`^[A-Z]+-\\d{4}-${String(e.id).padStart(4, '0')}$`));
    expect(e.header.title.value).toBe('Kouř u trati');
    const journal = await h.db.select().from(s.journal).where(eq(s.journal.eventId, e.id));
    expect(journal.map((j) => j.type)).toEqual(['event.create']);
    const log = await h.db.select().from(s.changeLog).where(eq(s.changeLog.rowId, e.id));
    expect(log.some((l) => l.tableName === 'events')).toBe(true);
  });

  it('a retried create with the same uuid is idempotent', async () => {
    const body = { uuid: 'c0ffee00-0000-4000-8000-000000000002', description: 'Opakovaný pokus' };
    const a = await post(body);
    const b = await post(body);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect(await h.db.select().from(s.events).where(eq(s.events.uuid, body.uuid))).toHaveLength(1);
  });

  it("checks the category's required inputs (422, Czech)", async () => {
    const res = await post({ uuid: 'c0ffee00-0000-4000-8000-000000000003', description: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'description', message: 'Vyplňte Popis události' }]);
    const res2 = await post({ uuid: 'c0ffee00-0000-4000-8000-000000000004', eventCategoryId: 1, description: 'x' });
    // category 1 requires type (given by its defaults), address and description
    expect(res2.json()).toEqual([{ field: 'address', message: 'Vyplňte Adresa' }]);
    const res3 = await post({
      uuid: 'c0ffee00-0000-4000-8000-000000000005',
      description: 'x',
      startAt: '2025-03-02 10:00:00',
      endAt: '2025-03-01 10:00:00',
    });
    expect(res3.json()).toEqual([{ field: 'endAt', message: 'Chybné datum Konec' }]);
    const res4 = await post({ description: 'bez uuid' });
    expect(res4.statusCode).toBe(422);
  });

  it('refuses create to view-only users', async () => {
    const res = await post({ uuid: 'c0ffee00-0000-4000-8000-000000000006', description: 'x' }, 'mng');
    expect(res.statusCode).toBe(403);
  });

  it('updates the saved subset and bumps the version', async () => {
    const created = (
      await post({ uuid: 'c0ffee00-0000-4000-8000-000000000007', description: 'před' }, 'jednotka')
    ).json();
    const res = await app.inject({
      method: 'PUT',
      url: `/v2/events/${created.id}`,
      payload: {
        description: 'po',
        address: 'Praha-Libeň',
        eventToBase: [17],
        targetLatitude: 50.1,
        targetLongitude: 14.49,
      },
      headers: { 'x-user': 'jednotka' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'po',
      address: 'Praha-Libeň',
      eventToBase: [17],
      version: 2,
      targetLatitude: 50.1,
    });
    const stale = await app.inject({
      method: 'PUT',
      url: `/v2/events/${created.id}`,
      payload: { description: 'konflikt', version: 1 },
      headers: { 'x-user': 'jednotka' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.description).toBe('po');
  });

  it('403 when the user may not update, 404 for an unknown or invisible event', async () => {
    const [fire] = await h.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    const mng = await app.inject({
      method: 'PUT',
      url: `/v2/events/${fire.id}`,
      payload: { description: 'x' },
      headers: { 'x-user': 'mng' },
    });
    expect(mng.statusCode).toBe(403);
    const brno = await app.inject({
      method: 'PUT',
      url: `/v2/events/${fire.id}`,
      payload: { description: 'x' },
      headers: { 'x-user': 'brno' },
    });
    expect(brno.statusCode).toBe(404);
    const none = await app.inject({ method: 'PUT', url: '/v2/events/999999', payload: { description: 'x' } });
    expect(none.statusCode).toBe(404);
    const [closed] = await h.db.select().from(s.events).where(eq(s.events.code, 'PLZ-2025-0233'));
    const c = await app.inject({ method: 'PUT', url: `/v2/events/${closed.id}`, payload: { description: 'x' } });
    expect(c.statusCode).toBe(403);
  });

  it('POST /v2/app answers the bundle, then a delta with the new event', async () => {
    const full = await app.inject({
      method: 'POST',
      url: '/v2/app',
      payload: { uid: null },
      headers: { 'x-user': 'jednotka' },
    });
    expect(full.statusCode).toBe(200);
    const b = full.json();
    expect(b.resetData).toBe(true);
    const created = (
      await post({ uuid: 'c0ffee00-0000-4000-8000-000000000008', description: 'do delty' }, 'jednotka')
    ).json();
    const delta = (
      await app.inject({ method: 'POST', url: '/v2/app', payload: { uid: b.uid }, headers: { 'x-user': 'jednotka' } })
    ).json();
    expect(delta.resetData).toBe(false);
    expect(delta.events.map((e: { id: number }) => e.id)).toEqual([created.id]);
    const bad = await app.inject({ method: 'POST', url: '/v2/app', payload: { uid: 5 } });
    expect(bad.statusCode).toBe(422);
  });
});
