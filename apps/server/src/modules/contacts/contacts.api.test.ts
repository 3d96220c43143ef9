/**
 * Contact calls of issue 5 through the real app (docs/API.md "Contacts, commander and SMS (issue 5) — contract"):
 * event contacts (create, change, commander set/unset, delete) with the 000 §5/§6 rules, the journal, the change
 * log and the push; the directory search; the suggested SMS text; sending an SMS through the outbox and through
 * a gateway (a local HTTP server).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AppBundle, EventContact } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('contacts (issue 5)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId: Record<string, number>;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng']) sessions[u] = await login(t.app, u);
    const evs = await t.db.select().from(s.events);
    eventId = Object.fromEntries(evs.map((e) => [e.code!, e.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const uuid = () => `c0a70000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const save = (user: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v2/event-contacts', headers: h(user), payload });
  const del = (user: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/v2/event-contacts/${id}`, headers: h(user) });
  const fire = () => eventId['PHA-2025-0412'];
  const created = async (body: Record<string, unknown>, user = 'jednotka'): Promise<EventContact> => {
    const res = await save(user, { uuid: uuid(), eventId: fire(), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as EventContact;
  };
  /** 'Velitel zásahu' (type 22) on the contact, under this name: the commander the resolver shows */
  const setCommander = (id: number, name: string) =>
    save('jednotka', { id, contactTypeId: 22, title: 'Velitel zásahu', name });
  const contactNamed = async (name: string) => {
    const [row] = await t.db.select().from(s.eventContacts).where(eq(s.eventContacts.name, name));
    return row;
  };
  const lastJournal = async (type: string) => {
    const [row] = await t.db
      .select()
      .from(s.journal)
      .where(eq(s.journal.type, type))
      .orderBy(desc(s.journal.id))
      .limit(1);
    return row;
  };
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };

  describe('POST /v2/event-contacts (create)', () => {
    it('401 without a session, 403 without create EventContact, 404 for an event the user cannot see', async () => {
      const anon = await t.app.inject({ method: 'POST', url: '/v2/event-contacts', payload: { eventId: fire() } });
      expect(anon.statusCode).toBe(401);
      const mng = await save('mng', { eventId: fire(), name: 'X', number: '725000111' });
      expect(mng.statusCode).toBe(403);
      const hidden = await save('jednotka', { eventId: eventId['BRN-2025-0198'], name: 'X', number: '725000111' });
      expect(hidden.statusCode).toBe(404);
    });

    it('422 with the form rules (name required, digits only, exactly 9 digits)', async () => {
      const empty = await save('jednotka', { eventId: fire(), name: ' ', number: '72a' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual([
        { field: 'name', message: 'Prosím vyplňte' },
        { field: 'number', message: 'Toto pole musí obsahovat jen číslice' },
      ]);
      const short = await save('jednotka', { eventId: fire(), name: 'Jan', number: '72512345' });
      expect(short.json()).toEqual([{ field: 'number', message: 'Vložte devítimístné telefonní číslo' }]);
      const missing = await save('jednotka', { eventId: fire(), name: 'Jan' });
      expect(missing.json()).toEqual([{ field: 'number', message: 'Prosím vyplňte' }]);
    });

    it('201 a custom contact, the number stored without +420 and spaces; journal, change log and push', async () => {
      const pushes = t.hub.invalidations.length;
      const before = await bundle('jednotka');
      const c = await created({ name: ' Josef Novák ', number: '+420 725 111 222', custom: 0, persistent: 1 });
      expect(c).toMatchObject({
        eventId: fire(),
        name: 'Josef Novák',
        number: '725111222',
        contactTypeId: 4,
        contactTypeName: 'Kontakt',
        custom: 1,
        persistent: 0,
        editable: 1,
        title: null,
        priority: 10,
      });
      const j = await lastJournal('eventContact.create');
      expect(j).toMatchObject({ eventId: fire(), tableName: 'eventContacts' });
      expect(j.data).toMatchObject({ contactId: c.id, number: '725111222' });
      expect(t.hub.invalidations.length).toBe(pushes + 1);
      expect(t.hub.invalidations.at(-1)!.tables).toEqual(['eventContacts']);
      const delta = await bundle('jednotka', before.uid);
      expect(delta.eventContacts.map((x) => x.id)).toEqual([c.id]);
    });

    it('00420 numbers too; a number already in the event is refused (422), also written differently', async () => {
      const c = await created({ name: 'Marie', number: '00420602000111' });
      expect(c.number).toBe('602000111');
      const again = await save('jednotka', { eventId: fire(), name: 'Marie 2', number: '602 000 111' });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual([{ field: 'number', message: 'Toto číslo už je v seznamu kontaktů události.' }]);
      const seeded = await save('jednotka', { eventId: fire(), name: 'Svoboda', number: '00420972226150' });
      expect(seeded.statusCode).toBe(422);
    });

    it('a retry with the same uuid answers the saved contact (200), nothing written twice', async () => {
      const id = uuid();
      const first = await save('jednotka', {
        uuid: id,
        eventUuid: await eventUuid(),
        name: 'Retry',
        number: '725999000',
      });
      expect(first.statusCode, first.body).toBe(201);
      const second = await save('jednotka', { uuid: id, eventId: fire(), name: 'Retry', number: '725999000' });
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
    });

    it('without a uuid the server makes one; a retry with it answers the saved contact (200)', async () => {
      const first = await save('jednotka', { eventId: fire(), name: 'Bez uuid', number: '725999001' });
      expect(first.statusCode, first.body).toBe(201);
      const [row] = await t.db.select().from(s.eventContacts).where(eq(s.eventContacts.id, first.json().id));
      expect(row.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const revisions = t.hub.invalidations.length;
      const again = await save('jednotka', { uuid: row.uuid, eventId: fire(), name: 'Bez uuid', number: '725999001' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(t.hub.invalidations.length).toBe(revisions);
      expect(await t.db.select().from(s.eventContacts).where(eq(s.eventContacts.number, '725999001'))).toHaveLength(1);
    });

    it('403 when the event is not addable: a call category or a closed event', async () => {
      const call = await save('dispecer', { eventId: eventId['CALL-2025-55120'], name: 'X', number: '725000222' });
      expect(call.statusCode).toBe(403);
      expect(call.json().message).toBe('Do této události nelze přidat kontakt.');
      const closed = await save('dispecer', { eventId: eventId['PLZ-2025-0233'], name: 'X', number: '725000222' });
      expect(closed.statusCode).toBe(403);
    });

    async function eventUuid() {
      const [e] = await t.db.select({ uuid: s.events.uuid }).from(s.events).where(eq(s.events.id, fire()));
      return e.uuid;
    }
  });

  describe('POST /v2/event-contacts (change) and the commander (000 §4)', () => {
    it('changes a custom contact; the journal names the changes; rules apply again', async () => {
      const c = await created({ name: 'Před', number: '725300100' });
      const res = await save('jednotka', { ...c, name: 'Po', number: '725 300 101' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, name: 'Po', number: '725300101' });
      const j = await lastJournal('eventContact.update');
      expect(j.data).toEqual({
        contactId: c.id,
        changes: { name: { old: 'Před', new: 'Po' }, number: { old: '725300100', new: '725300101' } },
      });
      const bad = await save('jednotka', { id: c.id, number: '12345' });
      expect(bad.statusCode).toBe(422);
      const dup = await save('jednotka', { id: c.id, number: '972226150' });
      expect(dup.statusCode).toBe(422);
    });

    it('commander set and unset on a custom contact: resolver type 22 + title, then type 4 without title', async () => {
      const c = await created({ name: 'Jan Velitel', number: '725300200' });
      const set = await setCommander(c.id, 'kpt. Jan Velitel');
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({
        contactTypeId: 22,
        contactTypeName: 'Velitel zásahu',
        title: 'Velitel zásahu',
        name: 'kpt. Jan Velitel',
        priority: 100,
      });
      const unset = await save('jednotka', { id: c.id, contactTypeId: 4, title: null });
      expect(unset.json()).toMatchObject({ contactTypeId: 4, title: null, priority: 10 });
    });

    it('a non-custom device contact takes the commander set and unset (type 5 with a device) and nothing else', async () => {
      const device = await contactNamed('Mobil velitele PHA');
      expect(device.custom).toBe(false);
      expect(device.deviceId).not.toBeNull();
      const set = await setCommander(device.id, 'Mobil velitele PHA');
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ contactTypeId: 22, title: 'Velitel zásahu', custom: 0, editable: 0 });
      const wrongUnset = await save('jednotka', { id: device.id, contactTypeId: 4, title: null });
      expect(wrongUnset.statusCode).toBe(403);
      const unset = await save('jednotka', { id: device.id, contactTypeId: 5, title: null });
      expect(unset.statusCode).toBe(200);
      expect(unset.json()).toMatchObject({ contactTypeId: 5, title: null, deviceCode: 'M-PHA-01' });
      const rename = await save('jednotka', { id: device.id, name: 'Jiný' });
      expect(rename.statusCode).toBe(403);
      expect(rename.json().message).toBe('Tento kontakt nelze upravit.');
      const renumber = await save('jednotka', { id: device.id, number: '725000999' });
      expect(renumber.statusCode).toBe(403);
    });

    it('404 for an unknown contact; 403 for a user without create EventContact', async () => {
      expect((await save('jednotka', { id: 999999, name: 'X' })).statusCode).toBe(404);
      const c = await contactNamed('Ing. Karel Svoboda');
      expect((await save('mng', { id: c.id, name: 'X' })).statusCode).toBe(403);
    });
  });

  describe('DELETE /v2/event-contacts/{id}', () => {
    it('403 for persistent or non-custom contacts and for a user without the right', async () => {
      const persistent = await contactNamed('Výpravčí Praha-Libeň');
      expect((await del('jednotka', persistent.id)).statusCode).toBe(403);
      const c = await created({ name: 'Smazat', number: '725300300' });
      expect((await del('mng', c.id)).statusCode).toBe(403);
    });

    it('deletes a custom contact: {result: true}, journal, removed in the next delta, then 404', async () => {
      const c = await created({ name: 'Pryč', number: '725300400' });
      const before = await bundle('jednotka');
      const res = await del('jednotka', c.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true });
      expect((await lastJournal('eventContact.delete')).data).toMatchObject({ contactId: c.id, name: 'Pryč' });
      const delta = await bundle('jednotka', before.uid);
      expect(delta.removed?.eventContacts).toEqual([c.id]);
      expect((await del('jednotka', c.id)).statusCode).toBe(404);
    });
  });

  describe('GET /v2/contacts (directory search)', () => {
    const search = (q: string, user = 'jednotka') =>
      t.app.inject({ method: 'GET', url: `/v2/contacts?${q}`, headers: h(user) });

    it('by name, case- and accent-insensitive, with the asked fields', async () => {
      const res = await search(`name=${encodeURIComponent('dispecer sz praha')}&fields=id,number,name,description`);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { id: number; name: string; number: string; description: string }[];
      expect(rows).toContainEqual({
        id: expect.any(Number),
        name: 'Dispečer SŽ Praha',
        number: '972241111',
        description: 'CDP Praha, provozní dispečer',
      });
      const few = (await search('name=kopis&fields=name')).json() as Record<string, unknown>[];
      expect(few.length).toBeGreaterThan(1);
      for (const r of few) expect(Object.keys(r)).toEqual(['name']);
    });

    it('by number, also written with +420 or spaces; nothing for an empty query', async () => {
      const byDigits = (await search('number=972241')).json() as { number: string }[];
      expect(byDigits.map((r) => r.number)).toContain('972241111');
      const intl = (await search(`number=${encodeURIComponent('+420 972 241 111')}`)).json() as { name: string }[];
      expect(intl.map((r) => r.name)).toEqual(['Dispečer SŽ Praha']);
      expect((await search('name=')).json()).toEqual([]);
      expect((await search('name=%25')).json()).toEqual([]);
    });

    it('every user views contacts (MNG too); 401 without a session', async () => {
      expect((await search('name=kopis', 'mng')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v2/contacts?name=x' })).statusCode).toBe(401);
    });
  });

  describe('GET /{product}/occurrence/info', () => {
    const info = (q: string, product = 'hzs') =>
      t.app.inject({
        method: 'GET',
        url: `/${product}/occurrence/info?${q}`,
        headers: { ...h('jednotka'), accept: 'application/json' },
      });

    it('answers the suggested text: code, type, address, HH:mm DD.MM.YYYY, the base; at most 155 characters', async () => {
      const res = await info('id=PHA-2025-0412&base_id=hzs-pha');
      expect(res.statusCode, res.body).toBe(200);
      const { sms } = res.json() as { sms: string };
      const [e] = await t.db.select().from(s.events).where(eq(s.events.id, fire()));
      const [type] = await t.db.select().from(s.eventTypes).where(eq(s.eventTypes.id, e.eventTypeId!));
      expect(sms.startsWith(`PHA-2025-0412 ${type.name}: `)).toBe(true);
      expect(sms).toMatch(/\d{2}:\d{2} \d{2}\.\d{2}\.\d{4}\. HZS SŽ PHA$/);
      expect(sms).toContain(e.address!.slice(0, 20));
      expect(sms.length).toBeLessThanOrEqual(155);
    });

    it('finds events by numeric id too; 404 for unknown or invisible events and unknown bases', async () => {
      expect((await info(`id=${fire()}&base_id=hzs-pha`)).statusCode).toBe(200);
      expect((await info('id=NOPE&base_id=hzs-pha')).statusCode).toBe(404);
      expect((await info('id=BRN-2025-0198&base_id=hzs-pha')).statusCode).toBe(404);
      const base = await info('id=PHA-2025-0412&base_id=nope');
      expect(base.statusCode).toBe(404);
      expect(base.json().message).toBe('Jednotka nope nebyla nalezena.');
      expect((await info('id=PHA-2025-0412&base_id=hzs-pha', 'other')).statusCode).toBe(404);
    });
  });

  describe('POST /{product}/contact/sms', () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const sms = (fields: Record<string, string>, user = 'jednotka', app = t) =>
      app.app.inject({
        method: 'POST',
        url: '/hzs/contact/sms',
        headers: { ...h(user), 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });

    it('default provider: the outbox row and the journal row of the event; {status: 1, msg}', async () => {
      const res = await sms({
        base_id: 'hzs-pha',
        number: '725 341 880',
        content: 'Požár Praha-Libeň, dostavte se.',
        event_id: String(fire()),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 1, msg: 'Sms byla odeslána' });
      const rows = await t.db.select().from(s.outbox).where(eq(s.outbox.kind, 'sms'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'pending',
        payload: {
          number: '725341880',
          to: '+420725341880',
          content: 'Požár Praha-Libeň, dostavte se.',
          baseUid: 'hzs-pha',
          eventId: fire(),
        },
      });
      const [j] = await t.db
        .select()
        .from(s.journal)
        .where(and(eq(s.journal.eventId, fire()), eq(s.journal.type, 'contact.sms')));
      expect(j).toMatchObject({ tableName: 'sms', data: { number: '725341880', via: 'outbox', ok: true } });
    });

    it('multipart form data works too (what a browser FormData sends)', async () => {
      const boundary = '----panel';
      const part = (n: string, v: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/hzs/contact/sms',
        headers: { ...h('jednotka'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${part('base_id', 'hzs-pha')}${part('number', '602445118')}${part('content', 'Test')}--${boundary}--\r\n`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(1);
    });

    it('a malformed multipart body is the house 400; file parts are left out; a NUL in a field is 422', async () => {
      const boundary = '----panel';
      const part = (n: string, v: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
      const file = `--${boundary}\r\nContent-Disposition: form-data; name="att"; filename="a.txt"\r\n\r\nhello\r\n`;
      const post = (contentType: string, payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/hzs/contact/sms',
          headers: { ...h('jednotka'), 'content-type': contentType },
          payload,
        });
      const withBoundary = `multipart/form-data; boundary=${boundary}`;
      for (const bad of [
        post('multipart/form-data', 'x'),
        post(withBoundary, `${part('base_id', 'hzs-pha')}--${boundary}`),
      ]) {
        const res = await bad;
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Chybný formát požadavku.' });
      }
      const withFile = await post(
        withBoundary,
        `${part('base_id', 'hzs-pha')}${file}${part('number', '602445118')}${part('content', 'Test')}--${boundary}--\r\n`,
      );
      expect(withFile.statusCode, withFile.body).toBe(200);
      const nul = await post(
        withBoundary,
        `${part('base_id', 'hzs-pha')}${part('number', '602445118')}${part('content', 'a\u0000b')}--${boundary}--\r\n`,
      );
      expect(nul.statusCode).toBe(422);
      expect(nul.json()).toEqual([{ field: 'content', message: 'Text obsahuje nepovolené znaky.' }]);
    });

    it('422 for the SMS rules: text required, at most 155, a 9-digit mobile number, a known base', async () => {
      const empty = await sms({ base_id: 'hzs-pha', number: '725341880', content: '  ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual([{ field: 'content', message: 'Zadejte text sms zprávy.' }]);
      const long = await sms({ base_id: 'hzs-pha', number: '725341880', content: 'x'.repeat(156) });
      expect(long.json()).toEqual([{ field: 'content', message: 'Text sms zprávy může mít nejvýše 155 znaků.' }]);
      const landline = await sms({ base_id: 'hzs-pha', number: '972226100', content: 'x' });
      expect(landline.json()[0].field).toBe('number');
      const short = await sms({ base_id: 'hzs-pha', number: '72534188', content: 'x' });
      expect(short.json()).toEqual([{ field: 'number', message: 'Vložte devítimístné telefonní číslo' }]);
      const base = await sms({ base_id: 'nope', number: '725341880', content: 'x' });
      expect(base.json()).toEqual([{ field: 'base_id', message: 'Jednotka nope nebyla nalezena.' }]);
    });

    it('403 without create EventContact; 404 for an invisible event', async () => {
      expect((await sms({ base_id: 'hzs-pha', number: '725341880', content: 'x' }, 'mng')).statusCode).toBe(403);
      const hidden = await sms({
        base_id: 'hzs-pha',
        number: '725341880',
        content: 'x',
        event_id: String(eventId['BRN-2025-0198']),
      });
      expect(hidden.statusCode).toBe(404);
    });

    describe('SMS_GATEWAY_URL', () => {
      let gw: TestApp;
      let server: Server;
      const received: { type?: string; body: Record<string, unknown> }[] = [];
      let mode: 'ok' | 'refuse' = 'ok';
      const bodyOf = (req: IncomingMessage) =>
        new Promise<string>((resolve) => {
          let data = '';
          req.on('data', (c) => (data += c));
          req.on('end', () => resolve(data));
        });

      beforeAll(async () => {
        server = createServer(async (req, res) => {
          received.push({ type: req.headers['content-type'], body: JSON.parse(await bodyOf(req)) });
          if (mode === 'refuse') return res.writeHead(500).end('boom');
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ status: 1, id: 'gw-1' }));
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
        gw = await createTestApp({ config: { smsGatewayUrl: url } });
        sessions.gw = await login(gw.app, 'jednotka');
      });
      afterAll(async () => {
        await gw?.close();
        server?.closeAllConnections();
        await new Promise((resolve) => server?.close(resolve));
      });

      it('sends it to the gateway as JSON; no outbox row; the journal records the result', async () => {
        const res = await sms({ base_id: 'hzs-pha', number: '00420725341880', content: 'Brána' }, 'gw', gw);
        expect(res.json()).toEqual({ status: 1, msg: 'Sms byla odeslána' });
        expect(received.at(-1)).toMatchObject({
          type: 'application/json',
          body: { number: '725341880', to: '+420725341880', content: 'Brána', baseUid: 'hzs-pha' },
        });
        expect(await gw.db.select().from(s.outbox)).toHaveLength(0);
        const [j] = await gw.db.select().from(s.journal).where(eq(s.journal.type, 'contact.sms'));
        expect(j.data).toMatchObject({ via: 'gateway', ok: true });
      });

      it('a refusing gateway gives {status: 0, msg: Sms nebyla odeslána}', async () => {
        mode = 'refuse';
        const res = await sms({ base_id: 'hzs-pha', number: '725341880', content: 'Brána 2' }, 'gw', gw);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 0, msg: 'Sms nebyla odeslána' });
        const rows = await gw.db
          .select()
          .from(s.journal)
          .where(eq(s.journal.type, 'contact.sms'))
          .orderBy(desc(s.journal.id));
        expect(rows[0].data).toMatchObject({
          via: 'gateway',
          ok: false,
          detail: 'SMS brána zprávu odmítla (HTTP 500).',
        });
      });
    });
  });
});
