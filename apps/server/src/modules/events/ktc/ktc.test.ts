/** POST /ktc/panel/sendMessage through the real app: form bodies, permissions, the outbox, ISV_URL and failures. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

const URL = '/ktc/panel/sendMessage';

describe('POST /ktc/panel/sendMessage', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let messageId: number;
  let hiddenMessageId: number;
  let eventId: number;
  let unitUid: string;
  let server: Server;
  let isvUrl: string;
  let isvStatus = 200;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng']) sessions[u] = await login(t.app, u);
    const [ev] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    eventId = ev.id;
    [{ id: messageId }] = await t.db.select().from(s.messages).where(eq(s.messages.eventId, ev.id)).limit(1);
    const [brn] = await t.db.select().from(s.events).where(eq(s.events.code, 'BRN-2025-0198'));
    [{ id: hiddenMessageId }] = await t.db.select().from(s.messages).where(eq(s.messages.eventId, brn.id)).limit(1);
    [{ uid: unitUid }] = await t.db.select({ uid: s.bases.uid }).from(s.bases).where(eq(s.bases.id, 3));
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(isvStatus, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    isvUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterEach(() => {
    delete process.env.ISV_URL;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  const form = (user: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...sessions[user].headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1&unit_id=x',
    });
    expect(res.statusCode).toBe(401);
  });

  it('urlencoded form: writes the outbox and the journal, answers status 1', async () => {
    const res = await form('jednotka', { id: String(messageId), unit_id: unitUid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 1, msg: 'Zpráva předána do ISV' });
    const [row] = await t.db.select().from(s.outbox).orderBy(s.outbox.id);
    expect(row).toMatchObject({ kind: 'isv', status: 'pending' });
    expect(row.payload).toMatchObject({ messageId, unitUid, payload: { id: messageId }, at: expect.any(String) });
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.type, 'message.isv'));
    expect(journal.at(-1)).toMatchObject({ eventId, data: { messageId, unitUid, status: 1 } });
  });

  it('multipart form data (a browser FormData) works too', async () => {
    const boundary = '----panel123';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${messageId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="unit_id"\r\n\r\n${unitUid}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...sessions.jednotka.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(1);
    // a quoted boundary and a file part (ignored: only the text fields count) read the same
    const withFile =
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nobsah\r\n` +
      payload;
    const quoted = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...sessions.jednotka.headers, 'content-type': `multipart/form-data; boundary="${boundary}"` },
      payload: withFile,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().status).toBe(1);
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.type, 'message.isv'));
    expect(journal.at(-1)!.data).toEqual({ messageId, unitUid, status: 1, msg: 'Zpráva předána do ISV' });
  });

  it('status 0 for an unknown unit; 422 missing fields; 403 MNG; 404 hidden or unknown message', async () => {
    const unknown = await form('jednotka', { id: String(messageId), unit_id: 'no-such-unit' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 0, msg: expect.stringContaining('no-such-unit') });
    expect((await form('jednotka', { id: String(messageId) })).statusCode).toBe(422);
    const mng = await form('mng', { id: String(messageId), unit_id: unitUid });
    expect(mng.statusCode).toBe(403);
    expect(mng.json()).toEqual({ message: expect.any(String), status: 0, msg: mng.json().message });
    expect((await form('jednotka', { id: String(hiddenMessageId), unit_id: unitUid })).statusCode).toBe(404);
    expect((await form('dispecer', { id: '999999', unit_id: unitUid })).statusCode).toBe(404);
  });

  it('with ISV_URL posts there; an ISV failure answers status 0 with msg', async () => {
    const outboxRows = (await t.db.select().from(s.outbox)).length;
    process.env.ISV_URL = isvUrl;
    isvStatus = 200;
    expect((await form('dispecer', { id: String(messageId), unit_id: unitUid })).json()).toEqual({
      status: 1,
      msg: 'Zpráva předána do ISV',
    });
    isvStatus = 503;
    const failed = await form('dispecer', { id: String(messageId), unit_id: unitUid });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ status: 0, msg: expect.stringContaining('503') });
    expect((await t.db.select().from(s.outbox)).length).toBe(outboxRows);
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.type, 'message.isv'));
    expect(journal.at(-1)!.data).toMatchObject({ status: 0 });
  });
});
