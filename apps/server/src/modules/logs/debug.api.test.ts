/** POST /v2/debug/push/{deviceId} (001 §2): the device's panels get `debug` and open the debug dialog. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices } from '../../db/schema/index.js';
import type { NullHub } from '../../nullHub.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('debug push', () => {
  let t: TestApp;
  let admin: TestSession;
  let dispecer: TestSession;
  let deviceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
    dispecer = await login(t.app, 'dispecer');
    [{ id: deviceId }] = await t.db.select({ id: devices.id }).from(devices).orderBy(devices.id).limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const push = (session: TestSession, id: number | string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/v2/debug/push/${id}`, headers: session.headers, payload: payload as object });

  it('admin: the device gets the `debug` event with the payload, the sender and the time', async () => {
    const hub = t.app.deps.hub as NullHub;
    const before = hub.deviceEmits.length;
    const res = await push(admin, deviceId, { payload: { reason: 'kontrola', revision: 42 } });
    expect(res.statusCode, res.body).toBe(202);
    const sent = hub.deviceEmits.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      deviceId,
      event: 'debug',
      payload: { payload: { reason: 'kontrola', revision: 42 }, from: { username: 'admin' } },
    });
    expect((sent[0].payload as { sentAt: string }).sentAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses without manage Debug; 404 for an unknown device; 422 for a bad id or payload', async () => {
    const hub = t.app.deps.hub as NullHub;
    const before = hub.deviceEmits.length;
    expect((await push(dispecer, deviceId, { payload: {} })).statusCode).toBe(403);
    expect((await push(admin, 999_999, { payload: {} })).statusCode).toBe(404);
    for (const [id, body] of [
      ['abc', { payload: {} }],
      [deviceId, { payload: 'text' }],
      [deviceId, {}],
      [deviceId, { payload: { big: 'x'.repeat(70_000) } }],
    ] as const) {
      const res = await push(admin, id, body);
      expect(res.statusCode, `${id} ${JSON.stringify(body).slice(0, 40)}`).toBe(422);
      expect(Array.isArray(res.json())).toBe(true);
    }
    expect(hub.deviceEmits.length).toBe(before);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row).toBeDefined();
  });
});
