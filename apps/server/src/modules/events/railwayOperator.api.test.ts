/**
 * The railway operator's calls through the real app (000 §7): the export with the session's user and device
 * serial and the test call; the outbox and journal when RAILWAY_OPERATOR_URL is unset, a local operator when
 * set, a failing operator as 502 with our text; 404, 403, 422.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { railwayOperatorTexts } from '@panel/domain/events';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('railway operator calls (000 §7)', () => {
  let t: TestApp;
  let operator: Server;
  let operatorUrl: string;
  let failing = false;
  const seen: string[] = [];
  let dispecer: TestSession;
  let event: { id: number; uuid: string };

  beforeAll(async () => {
    t = await createTestApp();
    dispecer = await login(t.app, 'dispecer');
    [event] = await t.db
      .select({ id: s.events.id, uuid: s.events.uuid })
      .from(s.events)
      .where(eq(s.events.baseId, 4))
      .limit(1); // Brno: dispecer sees it
    operator = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (failing) return res.writeHead(500).end('chyba');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
    operatorUrl = `http://127.0.0.1:${(operator.address() as AddressInfo).port}/sz`;
  }, 240_000);
  afterEach(() => {
    t.config.railwayOperatorUrl = undefined;
    failing = false;
  });
  afterAll(async () => {
    operator?.closeAllConnections();
    await new Promise((resolve) => operator?.close(resolve));
    await t?.close();
  });

  const exportEvent = (uuid: string, session: TestSession = dispecer) =>
    t.app.inject({ method: 'POST', url: `/v2/railway-operator/export/${uuid}`, headers: session.headers });
  const lastJournal = async (type: string) =>
    (await t.db.select().from(s.journal).where(eq(s.journal.type, type)).orderBy(desc(s.journal.id)).limit(1))[0];

  it('unset: the export waits in the outbox with uuid, user and device serial, journaled on the event', async () => {
    const res = await exportEvent(event.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'queued', message: railwayOperatorTexts.queued });
    const [row] = await t.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, 'railway-operator')))
      .orderBy(desc(s.outbox.id))
      .limit(1);
    const [device] = await t.db.select().from(s.devices).where(eq(s.devices.id, dispecer.device!.id));
    expect(row.payload).toMatchObject({
      call: 'export',
      query: { uuid: event.uuid, user: 'dispecer', serial: device.code },
    });
    const j = await lastJournal('event.railwayOperator');
    expect(j).toMatchObject({ eventId: event.id, data: { call: 'export', outcome: 'queued' } });
  });

  it('RAILWAY_OPERATOR_URL: GET {url}/export and {url}/test; a failing operator is a 502, journaled', async () => {
    t.config.railwayOperatorUrl = operatorUrl;
    const res = await exportEvent(event.uuid);
    expect(res.json()).toEqual({ status: 'sent', message: railwayOperatorTexts.sent, answer: { ok: true } });
    expect(seen.at(-1)).toMatch(new RegExp(`^/sz/export\\?uuid=${event.uuid}&user=dispecer&serial=`));

    const test = await t.app.inject({
      method: 'POST',
      url: '/v2/railway-operator/test',
      headers: dispecer.headers,
      payload: { code: 'ZKOUSKA' },
    });
    expect(test.statusCode).toBe(200);
    expect(seen.at(-1)).toBe('/sz/test?code=ZKOUSKA');
    expect(await lastJournal('railwayOperator.test')).toMatchObject({ data: { query: { code: 'ZKOUSKA' } } });

    failing = true;
    const failed = await exportEvent(event.uuid);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: railwayOperatorTexts.failed });
    expect((await lastJournal('event.railwayOperator')).data).toMatchObject({
      outcome: expect.stringMatching(/^failed/),
    });
  });

  it('404 for an unknown event, 403 for the view-only mng, 422 for an empty code', async () => {
    expect((await exportEvent('neni-takova-udalost')).statusCode).toBe(404);
    const mng = await login(t.app, 'mng');
    expect((await exportEvent(event.uuid, mng)).statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/railway-operator/test',
      headers: dispecer.headers,
      payload: { code: '  ' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual([{ field: 'code', message: railwayOperatorTexts.codeRequired }]);
  });
});
