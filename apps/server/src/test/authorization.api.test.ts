/**
 * Walks every registered route × the five demo principals + no session against `authorization.table.ts`:
 * fails when a route has no row or a row names no route, and when an answer breaks the row's outcome
 * (no session → 401 unless public; refused → 403; scoped → one of its statuses; allowed → neither 401 nor 403).
 * Within a row the refused and scoped principals go first, so an allowed write cannot turn their 403 into 404.
 */
import { and, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema/index.js';
import {
  AUTHORIZATION_TABLE,
  PRINCIPALS,
  type Fixture,
  type Outcome,
  type Principal,
  type PrincipalCtx,
  type Row,
} from './authorization.table.js';
import { createTestApp, login, type TestApp, type TestSession } from './factory.js';

const BRNO = 4;

describe('authorization table: every route × admin, dispecer, jednotka, mng, udrp, no session', () => {
  let t: TestApp;
  const registered = new Set<string>();
  const sessions = {} as Record<Principal, TestSession>;
  let fixture: Fixture;

  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
  };

  async function buildFixture(): Promise<Fixture> {
    const db = t.db;
    const [event] = await db.select().from(s.events).where(eq(s.events.baseId, BRNO)).limit(1);
    const [other] = await db.select().from(s.events).where(eq(s.events.baseId, 5)).limit(1);
    const [job] = await db.select().from(s.eventJobs).where(eq(s.eventJobs.eventId, event.id)).limit(1);
    const [contact] = await db
      .insert(s.eventContacts)
      .values({ eventId: event.id, name: 'Tabulka', number: '725000999', custom: true, persistent: false })
      .returning();
    let [conversation] = await db
      .select()
      .from(s.conversations)
      .where(and(eq(s.conversations.eventId, event.id), eq(s.conversations.type, 1)));
    conversation ??= (await db.insert(s.conversations).values({ eventId: event.id, type: 1 }).returning())[0];
    const [message] = await db
      .insert(s.messages)
      .values({
        uuid: crypto.randomUUID(),
        eventId: event.id,
        conversationId: conversation.id,
        messageCategoryId: 1,
        type: 'X03',
        content: 'zpráva Brna',
        sequence: 9999,
        data: {},
      })
      .returning();
    const [note] = await db
      .insert(s.eventObjects)
      .values({
        uuid: crypto.randomUUID(),
        eventId: event.id,
        sequence: 1,
        longitude: 16.6,
        latitude: 49.2,
        content: 'n',
      })
      .returning();
    const [geo] = await db
      .insert(s.eventGeos)
      .values({
        uuid: crypto.randomUUID(),
        eventId: event.id,
        sequence: 1,
        title: 'g',
        geojson: { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [16.6, 49.2] } },
      })
      .returning();
    const [device] = await db.select().from(s.devices).where(eq(s.devices.baseId, BRNO)).limit(1);
    const mediaFile = `${event.id}-20250101_101010-T-BRN-01.pdf`;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    await db
      .insert(s.media)
      .values({ eventId: event.id, fileName: mediaFile, contentType: 'application/pdf', size: pdf.length, data: pdf });
    const [link] = await db
      .insert(s.eventToEvent)
      .values({ sourceEventId: event.id, targetEventId: other.id })
      .returning();
    const [tag] = await db.select().from(s.messageTags).limit(1);
    const [resource] = await db.select().from(s.resources).where(eq(s.resources.baseId, BRNO)).limit(1);
    return {
      brnoEvent: { id: event.id, uuid: event.uuid },
      brnoJobId: job.id,
      brnoContactId: contact.id,
      brnoMessageId: message.id,
      brnoConversationId: conversation.id,
      brnoNoteId: note.id,
      brnoGeoId: geo.id,
      brnoDeviceId: device.id,
      brnoMediaFile: mediaFile,
      brnoLinkId: link.id,
      queueItemId: 999_999,
      tagId: tag.id,
      brnoResourceId: resource.id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ onRoute: collect });
    for (const p of PRINCIPALS) sessions[p] = await login(t.app, p);
    fixture = await buildFixture();
  }, 120_000);
  afterAll(async () => t?.close());

  /** registered routes, HEAD only where it is not Fastify's mirror of a GET */
  const routeKeys = () =>
    [...registered].filter((k) => !(k.startsWith('HEAD ') && registered.has(`GET ${k.slice(5)}`))).sort();

  it('has exactly one row per registered route', () => {
    const rows = AUTHORIZATION_TABLE.map((r) => r.route);
    const duplicates = rows.filter((r, i) => rows.indexOf(r) !== i);
    const keys = routeKeys();
    expect(keys.length).toBeGreaterThan(50);
    expect({
      withoutRow: keys.filter((k) => !rows.includes(k)),
      withoutRoute: rows.filter((r) => !keys.includes(r)),
      duplicates,
    }).toEqual({ withoutRow: [], withoutRoute: [], duplicates: [] });
  });

  function verdict(outcome: Outcome | 'none' | 'public', status: number): string | null {
    if (outcome === 'none') return status === 401 ? null : 'expected 401';
    if (outcome === 'public') return status === 401 ? 'expected no 401 (public)' : null;
    if (outcome === 'allowed') return status === 401 || status === 403 ? 'expected allowed' : null;
    if (outcome === 'refused') return status === 403 ? null : 'expected 403';
    return outcome.scoped.includes(status) ? null : `expected ${outcome.scoped.join('/')} (${outcome.note})`;
  }

  const rank = (o: Outcome) => (o === 'allowed' ? 1 : 0);

  async function call(row: Row, principal: Principal | null) {
    const [method, path] = row.route.split(' ');
    let headers: Record<string, string> = {};
    let ctx: PrincipalCtx = { deviceId: 0, deviceCode: 'X', username: 'jednotka' };
    if (principal) {
      const session = row.freshSession ? await login(t.app, principal) : sessions[principal];
      headers = session.headers;
      ctx = { deviceId: session.device!.id, deviceCode: session.device!.code, username: principal };
    }
    const req = row.request(fixture, ctx);
    const res = await t.app.inject({
      method: method as 'GET',
      url: req.url,
      headers: { ...headers, ...req.headers },
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
    expect(req.url.split('?')[0].split('/').length, `${row.route}: ${req.url}`).toBe(path.split('/').length);
    return res;
  }

  it('every row × principal answers as the table says', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const row of AUTHORIZATION_TABLE) {
      const anonymous = await call(row, null);
      cells++;
      const v = verdict(row.public ? 'public' : 'none', anonymous.statusCode);
      if (v) failures.push(`${row.route} × none: ${anonymous.statusCode} — ${v}`);
      const order = [...PRINCIPALS].sort((a, b) => rank(row.expect[a]) - rank(row.expect[b]));
      for (const principal of order) {
        const res = await call(row, principal);
        cells++;
        const bad = verdict(row.expect[principal], res.statusCode);
        if (bad) failures.push(`${row.route} × ${principal}: ${res.statusCode} ${res.body.slice(0, 120)} — ${bad}`);
      }
    }
    console.info(`[authorization] ${AUTHORIZATION_TABLE.length} routes × 6 principals = ${cells} calls`);
    expect(failures).toEqual([]);
  });
});
