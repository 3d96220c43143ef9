/**
 * 001 §6 "a user identity triggers fetching the identity at start" (issue 24 item 19): GET /v2/auth/identity
 * answers the session's user (roles, groups, unit as the server knows them now) and its confirmed device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { identityResponseSchema } from '@panel/domain/auth';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp } from '../../test/factory.js';

describe('GET /v2/auth/identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the user and the confirmed device of the session', async () => {
    const session = await login(t.app, 'dispecer');
    const res = await t.app.inject({ method: 'GET', url: '/v2/auth/identity', headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = identityResponseSchema.parse(res.json());
    expect(body.user).toEqual(session.user);
    expect(body.device).toEqual(session.device);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('before the device is confirmed: the user, device null', async () => {
    const session = await login(t.app, 'jednotka', { confirmDevice: false });
    const res = await t.app.inject({ method: 'GET', url: '/v2/auth/identity', headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { username: 'jednotka' }, device: null });
  });

  it('follows a change made after the login (a new name), which the stored copy would miss', async () => {
    const session = await login(t.app, 'brno');
    await t.db.update(s.users).set({ firstName: 'Změněné' }).where(eq(s.users.username, 'brno'));
    const res = await t.app.inject({ method: 'GET', url: '/v2/auth/identity', headers: session.headers });
    expect(res.json().user.firstName).toBe('Změněné');
  });

  it('without a session: 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/auth/identity', headers: { 'app-code': 'panel' } });
    expect(res.statusCode).toBe(401);
  });
});
