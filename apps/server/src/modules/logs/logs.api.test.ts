/**
 * Application log calls (issue 7): the state file stored under the data directory and read back, the list for
 * view Debug, 403/404/422/413, and unhandled errors appended per day with the per-session budget.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';
import { createErrorBudget, parseStamp } from './store.js';

describe('logs (issue 7)', () => {
  let t: TestApp;
  let dir: string;
  const sessions: Record<string, TestSession> = {};
  let deviceId: Record<string, number>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'panel-logs-test-'));
    t = await createTestApp({ config: { dataDir: dir } });
    for (const u of ['admin', 'jednotka', 'brno']) sessions[u] = await login(t.app, u);
    deviceId = Object.fromEntries((await t.db.select().from(s.devices)).map((d) => [d.code, d.id]));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const h = (user: string) => sessions[user].headers;
  const upload = (user: string, id: number, stamp: string, body: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/logs/log/${id}/${stamp}/state.json`,
      headers: { ...h(user), 'content-type': 'application/json', ...extra },
      payload: body,
    });

  it('stores the state file under the data directory and reads it back', async () => {
    const id = sessions.jednotka.device!.id;
    const state = JSON.stringify({ app: { code: 'panel' }, events: [{ id: 1, title: 'Požár' }] }, null, 2);
    const res = await upload('jednotka', id, '20260314093012', state);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ result: true });
    const file = path.join(dir, 'logs', String(id), '20260314093012', 'state.json');
    expect(readFileSync(file, 'utf8')).toBe(state);
    const back = await t.app.inject({
      method: 'GET',
      url: `/v2/logs/log/${id}/20260314093012/state.json`,
      headers: h('jednotka'),
    });
    expect(back.statusCode).toBe(200);
    expect(back.body).toBe(state);
  });

  it("another of the user's devices is allowed; another user's device is 403 unless view Debug", async () => {
    expect((await upload('jednotka', deviceId['M-PHA-01'], '20260314093013', '{}')).statusCode).toBe(201);
    const other = await upload('jednotka', deviceId['T-BRN-01'], '20260314093014', '{}');
    expect(other.statusCode).toBe(403);
    expect(existsSync(path.join(dir, 'logs', String(deviceId['T-BRN-01'])))).toBe(false);
    expect((await upload('admin', deviceId['T-BRN-01'], '20260314093015', '{"a":1}')).statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `/v2/logs/log/${deviceId['T-BRN-01']}/20260314093015/state.json`,
      headers: h('jednotka'),
    });
    expect(read.statusCode).toBe(403);
  });

  it('422 for a bad stamp, 404 for an unknown device, 400 for non-JSON, 413 over 5 MB', async () => {
    const id = sessions.jednotka.device!.id;
    for (const stamp of ['2026031409301', '20261314093012', '20260230093012', '20260314253012', 'abcdefghijklmn']) {
      const res = await upload('jednotka', id, stamp, '{}');
      expect(res.statusCode, stamp).toBe(422);
      expect(res.json()).toEqual([{ field: 'stamp', message: 'Chybné časové razítko (YYYYMMDDHHmmss).' }]);
    }
    expect((await upload('jednotka', 999999, '20260314093012', '{}')).statusCode).toBe(404);
    expect((await upload('jednotka', id, '20260314093012', '{not json')).statusCode).toBe(400);
    const big = JSON.stringify({ blob: 'x'.repeat(5 * 1024 * 1024) });
    const res = await upload('jednotka', id, '20260314093016', big);
    expect(res.statusCode).toBe(413);
    const almost = JSON.stringify({ blob: 'x'.repeat(4 * 1024 * 1024) });
    expect((await upload('jednotka', id, '20260314093017', almost)).statusCode).toBe(201);
  });

  it('GET /v2/logs lists the stored files for view Debug only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/logs', headers: h('jednotka') })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/v2/logs', headers: h('admin') });
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      deviceId: number;
      deviceCode: string;
      stamp: string;
      at: string;
      size: number;
      url: string;
    }[];
    const id = sessions.jednotka.device!.id;
    expect(list).toContainEqual(
      expect.objectContaining({
        deviceId: id,
        deviceCode: sessions.jednotka.device!.code,
        stamp: '20260314093012',
        at: '2026-03-14 09:30:12',
        url: `/v2/logs/log/${id}/20260314093012/state.json`,
      }),
    );
    expect(list.map((l) => l.stamp)).toEqual([...list.map((l) => l.stamp)].sort().reverse());
  });

  it('appends unhandled errors to the day file, within the per-session budget', async () => {
    const errors = Array.from({ length: 50 }, (_, i) => ({
      message: `TypeError: x is undefined #${i}`,
      stack: 'at f (app.js:1:1)',
      url: 'http://panel/#/',
      at: '2026-03-14 09:30:12',
    }));
    const first = await t.app.inject({
      method: 'POST',
      url: '/v2/logs/errors',
      headers: h('brno'),
      payload: { errors },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ result: true, stored: 50, dropped: 0 });
    const second = await t.app.inject({
      method: 'POST',
      url: '/v2/logs/errors',
      headers: h('brno'),
      payload: { errors },
    });
    expect(second.json()).toEqual({ result: true, stored: 10, dropped: 40 });
    const day = toWireTime(new Date()).slice(0, 10);
    const lines = readFileSync(path.join(dir, 'logs', 'errors', `${day}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(60);
    expect(JSON.parse(lines[0])).toMatchObject({ username: 'brno', message: 'TypeError: x is undefined #0' });
    const read = await t.app.inject({ method: 'GET', url: `/v2/logs/errors?date=${day}`, headers: h('admin') });
    expect(read.statusCode).toBe(200);
    expect((read.json() as unknown[]).length).toBe(60);
    expect((await t.app.inject({ method: 'GET', url: '/v2/logs/errors', headers: h('brno') })).statusCode).toBe(403);
  });

  it('422 for bad error reports; allowed before the device is confirmed', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/logs/errors',
      headers: h('jednotka'),
      payload: { errors: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual([{ field: 'errors', message: 'Zadejte 1 až 50 chyb.' }]);
    const unconfirmed = await login(t.app, 'jednotka', { confirmDevice: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/logs/errors',
      headers: unconfirmed.headers,
      payload: { errors: [{ message: 'boom', at: Date.now() }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('stamp and budget helpers', () => {
    expect(parseStamp('20240229235959')).not.toBeNull();
    expect(parseStamp('20230229000000')).toBeNull();
    const b = createErrorBudget(3, 1000);
    expect(b.take(1, 2, 0)).toBe(2);
    expect(b.take(1, 2, 10)).toBe(1);
    expect(b.take(2, 5, 10)).toBe(3);
    expect(b.take(1, 2, 1000)).toBe(2);
  });
});
