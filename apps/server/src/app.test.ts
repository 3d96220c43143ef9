import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { conflict } from './errors.js';
import { loadConfig } from './config.js';
import { authorize } from './http/authorize.js';
import type { DatabaseHandle } from './db/client.js';
import { seedDemo } from './demo/seed.js';
import { login } from './test/factory.js';
import { openMigratedMemoryDatabase } from './test/pgliteImage.js';

describe('app: error shapes and permissions', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openMigratedMemoryDatabase();
    await seedDemo(handle.db);
    const config = loadConfig({ DATA_DIR: ':memory:', WEB_DIST: '/nonexistent-web-dist' });
    app = await buildApp({ config, db: handle.db });
    app.post('/v2/test/create-event', async (request) => {
      authorize(request.auth, 'create', 'Event');
      return { ok: true };
    });
    app.post('/v2/test/zod', async (request) => {
      z.object({ name: z.string({ error: 'Vyplňte jméno' }) }).parse(request.body);
      return { ok: true };
    });
    app.post('/v2/test/conflict', async () => {
      throw conflict({ id: 1, version: 2 });
    });
    app.post('/v2/test/crash', async () => {
      throw new Error('boom');
    });
    app.get(
      '/v2/test/query',
      { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
      async () => ({
        ok: true,
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('authorize answers 403 when the user may not, passes when it may', async () => {
    const mng = await login(app, 'mng');
    const refused = await app.inject({ method: 'POST', url: '/v2/test/create-event', headers: mng.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String) });

    const dispecer = await login(app, 'dispecer');
    const ok = await app.inject({ method: 'POST', url: '/v2/test/create-event', headers: dispecer.headers });
    expect(ok.statusCode).toBe(200);
  });

  it('maps errors to the wire shapes', async () => {
    const s = await login(app, 'dispecer');
    const zod = await app.inject({ method: 'POST', url: '/v2/test/zod', headers: s.headers, payload: {} });
    expect(zod.statusCode).toBe(422);
    expect(zod.json()).toEqual([{ field: 'name', message: 'Vyplňte jméno' }]);

    const query = await app.inject({ method: 'GET', url: '/v2/test/query?page=0', headers: s.headers });
    expect(query.statusCode).toBe(422);
    expect(query.json()[0].field).toBe('page');

    const c = await app.inject({ method: 'POST', url: '/v2/test/conflict', headers: s.headers });
    expect(c.statusCode).toBe(409);
    expect(c.json()).toEqual({ message: expect.any(String), current: { id: 1, version: 2 } });

    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const crash = await app.inject({ method: 'POST', url: '/v2/test/crash', headers: s.headers });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ message: expect.any(String) });
    expect(crash.body).not.toContain('boom');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('accepts an empty JSON body as {}', async () => {
    const s = await login(app, 'dispecer');
    const res = await app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      headers: { ...s.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });
});
