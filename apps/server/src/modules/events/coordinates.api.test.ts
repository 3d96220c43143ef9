/**
 * 000 §5 / 001 §9 "coordinates are rounded to 8 decimals" (issue 12 item 16): whatever precision a writer
 * sends, the server's answers carry at most 8 decimals — the event answer, the event in the bundle and a
 * message's position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBundle, Event, Message } from '@panel/domain/sync';
import { createTestApp, login, type TestApp, type TestSession, pullFullBundle } from '../../test/factory.js';

const decimals = (v: number | null | undefined) => (v == null ? 0 : (String(v).split('.')[1] ?? '').length);

describe('coordinates in answers: 8 decimals', () => {
  let t: TestApp;
  let s: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    s = await login(t.app, 'jednotka');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: s.headers, payload });

  it('an event written with 14 decimals answers 8, in the write answer and in the bundle', async () => {
    const res = await send('POST', '/v2/events', {
      uuid: '12c00000-0000-4000-8000-000000000001',
      description: 'souřadnice',
      targetLatitude: 50.08312345678912,
      targetLongitude: 14.43531234567891,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Event;
    expect(created.targetLatitude).toBe(50.08312346);
    expect(created.targetLongitude).toBe(14.43531235);

    const put = await send('PUT', `/v2/events/${created.id}`, {
      destinationLatitude: 50.1000000049999,
      destinationLongitude: 14.2999999999999,
      version: created.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ destinationLatitude: 50.1, destinationLongitude: 14.3 });

    const app = await pullFullBundle(t.app, s.headers);
    const bundle = app.json() as AppBundle;
    const inBundle = bundle.events?.find((e) => e.uuid === created.uuid);
    expect(inBundle).toMatchObject({ targetLatitude: 50.08312346, targetLongitude: 14.43531235 });
    for (const e of bundle.events ?? []) {
      for (const v of [e.targetLatitude, e.targetLongitude, e.destinationLatitude, e.destinationLongitude]) {
        expect(decimals(v)).toBeLessThanOrEqual(8);
      }
    }
    for (const b of bundle.bases ?? []) expect(decimals(b.latitude)).toBeLessThanOrEqual(8);

    // a message with a precise position
    const msg = await send('POST', '/v2/messages', {
      uuid: '12c00000-0000-4000-8000-000000000002',
      eventId: created.id,
      messageCategoryId: 1,
      type: 'X03',
      content: 'poloha',
      latitude: 50.0831234567891,
      longitude: 14.4353123456789,
    });
    expect(msg.statusCode, msg.body).toBeLessThan(300);
    const message = msg.json() as Message;
    expect(message.latitude).toBe(50.08312346);
    expect(message.longitude).toBe(14.43531235);
  });
});
