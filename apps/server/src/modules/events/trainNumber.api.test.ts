/**
 * 001 §2 "Developer panel … set a train number on an event" (issue 24 item 19): the panel's Event tab sends
 * `PUT /v2/events/{id} {data: {...data, trainNumber}, version}`. The admin (view Debug, central base) sets it on
 * any event it sees — also one of another base — and the number is stored: the answer and the next bundle carry
 * it. A unit user may not write `data` of another base's event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBundle, Event } from '@panel/domain/sync';
import { createTestApp, login, pullFullBundle, type TestApp, type TestSession } from '../../test/factory.js';

describe('train number from the developer panel', () => {
  let t: TestApp;
  let admin: TestSession;
  let unit: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
    unit = await login(t.app, 'brno');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  async function eventsOf(session: TestSession): Promise<Event[]> {
    return ((await pullFullBundle(t.app, session.headers)).json() as AppBundle).events;
  }

  it('the admin stores a train number on an event of another base; the answer and the bundle carry it', async () => {
    const events = await eventsOf(admin);
    // the admin's unit is the central base (id 2)
    const foreign = events.find((e) => e.id != null && e.baseId !== 2);
    expect(foreign, 'the demo has an event of another base').toBeDefined();
    const data = { ...(foreign!.data ?? {}), trainNumber: '47731' };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${foreign!.id}`,
      headers: admin.headers,
      payload: { data, version: foreign!.version },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as Event).data?.trainNumber).toBe('47731');
    const again = (await eventsOf(admin)).find((e) => e.id === foreign!.id);
    expect(again?.data?.trainNumber).toBe('47731');
  });

  it("a unit user cannot write the data of another base's event", async () => {
    const theirs = (await eventsOf(admin)).find((e) => e.id != null && e.baseId !== 4 && e.baseId !== null);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${theirs!.id}`,
      headers: unit.headers,
      payload: { data: { trainNumber: '1' }, version: theirs!.version },
    });
    expect([403, 404, 422]).toContain(res.statusCode);
    const after = (await eventsOf(admin)).find((e) => e.id === theirs!.id);
    expect(after?.data?.trainNumber ?? null).not.toBe('1');
  });
});
