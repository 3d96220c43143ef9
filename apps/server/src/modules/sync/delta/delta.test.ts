/**
 * The shared delta gives every demo user exactly what the per-panel delta gave (reference.ts, the oracle), for
 * each kind of change — messages and read marks (the per-user parts), sharing and unsharing, links, jobs and
 * vehicles, devices, a tag recoded into a central-only C_ tag, closing, removals, settings — over one-step spans
 * and the long span from the start; and it costs the database the same for a hundred panels as for one. A span
 * of vehicle positions alone is one kept answer for every user of a class and permissions.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { unpackPositions, withMovedDevice, withMovedResource, type AppBundle } from '@panel/domain/sync';
import type { AuthContext } from '../../../context.js';
import * as s from '../../../db/schema/index.js';
import { buildAppData } from '../bundle.js';
import { formatUid, loadRevision, parseUid } from '../../../sync/revision.js';
import {
  closeEvent,
  linkEndJobRenameDeviceRemoveContact,
  recodeAsCentralTag,
  SeededWorld,
  shareWithBase4,
} from '../../../sync/testkit.js';
import { cachedSpans, COALESCE_MS, DELTA_TTL_MS, forgetDeltas, sharedDelta } from './cache.js';
import { syncCountersOf } from '../../../sync/counters.js';
import { encodedAppAnswer } from './encoded.js';
import { referenceDelta } from './reference.js';
import { dataFloor, LIGHT_BUCKET, spanOf, type Span } from './span.js';
import { answerForPush } from './pushed.js';

describe('shared delta', () => {
  const w = new SeededWorld();
  const { cmd, byName } = w;
  /** every uid each user has been given, oldest first */
  const uids = new Map<string, string[]>();

  const entitiesOf = (b: AppBundle) => {
    const { settings: _s, userPermissions: _p, resetData: _r, uid: _u, removed, positions, ...entities } = b;
    return { entities, removed: removed ?? {}, positions };
  };

  /** A message on the Libeň fire (PHA-2025-0412), committed as a panel's write is. */
  const messageOnFire = (content: string) =>
    cmd(async (tx, rec) => {
      const eventId = w.ev['PHA-2025-0412'];
      const [m] = await tx
        .insert(s.messages)
        .values({ eventId, messageCategoryId: 1, content, type: 'X03' })
        .returning();
      rec.changed('messages', m.id);
    }, w.ev['PHA-2025-0412']);

  /** For each user and each uid they hold: the shared delta equals the reference; then each takes the newest. */
  async function expectSameAsReference() {
    for (const auth of w.users) {
      const held = uids.get(auth.user.username)!;
      for (const uid of [held[held.length - 1], held[0]]) {
        const answer = await buildAppData(w.db, auth, uid);
        expect(answer.resetData).toBe(false);
        const upTo = parseUid(answer.uid)!.revision;
        // the data exactly since the uid; the positions from the start of its bucket (span.ts)
        const held0 = parseUid(uid)!;
        const since = held0.revision;
        const span = await spanOf(w.db, held0.epoch, since, upTo, 0);
        const viewer = { ...auth.user, permissions: auth.permissions };
        const expected = await referenceDelta(w.db, viewer, since, upTo, span.positionsSince);
        const got = entitiesOf(answer);
        expect(got.entities, `${auth.user.username} ${since}→${upTo}`).toEqual(expected.entities);
        expect(got.removed, `${auth.user.username} ${since}→${upTo} removed`).toEqual(expected.removed);
        expect(got.positions, `${auth.user.username} ${since}→${upTo} positions`).toEqual(expected.positions);
        // what the route sends: the same bytes as the answer stringified, spliced from the shared fragments
        const encoded = await encodedAppAnswer(w.db, auth, uid);
        expect(encoded?.json, `${auth.user.username} ${since}→${upTo} encoded`).toBe(JSON.stringify(answer));
        if (uid === held[held.length - 1]) held.push(answer.uid);
      }
      // nothing changed since the newest: the kept answer equals buildAppData's too
      const newest = held[held.length - 1];
      const same = await encodedAppAnswer(w.db, auth, newest);
      expect(same?.json, `${auth.user.username} unchanged`).toBe(
        JSON.stringify(await buildAppData(w.db, auth, newest)),
      );
    }
  }

  beforeAll(async () => {
    await w.open();
    // the dispatcher first: the commands are theirs
    w.users.sort((a, b) => (a.user.username === 'dispecer' ? -1 : b.user.username === 'dispecer' ? 1 : 0));
    for (const auth of w.users) uids.set(auth.user.username, [(await buildAppData(w.db, auth, null)).uid]);
  });
  afterAll(() => w.close());

  it('covers the demo roles: central, units, MNG, admin', () => {
    const names = w.users.map((u) => u.user.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'dispecer', 'jednotka', 'mng', 'brno', 'ostrava']));
  });

  it('new messages of two authors: each user gets their own unread counts and read flags', async () => {
    const fire = w.ev['PHA-2025-0412'];
    for (const [author, category] of [
      ['dispecer', 1],
      ['jednotka', 2],
    ] as const) {
      await cmd(async (tx, rec) => {
        const [m] = await tx
          .insert(s.messages)
          .values({
            eventId: fire,
            messageCategoryId: category,
            content: `od ${author}`,
            type: 'X03',
            userId: byName(author).user.id,
          })
          .returning();
        rec.changed('messages', m.id);
      }, fire);
    }
    await expectSameAsReference();
  });

  it('read marks of one user change only their counts and flags', async () => {
    const fire = w.ev['PHA-2025-0412'];
    const reader = byName('jednotka').user.id;
    const unread = await w.db.select({ id: s.messages.id }).from(s.messages).where(eq(s.messages.eventId, fire));
    await cmd(async (tx, rec) => {
      for (const m of unread.slice(0, 4)) {
        await tx.insert(s.messageReads).values({ messageId: m.id, userId: reader }).onConflictDoNothing();
        rec.changed('messages', m.id);
      }
    }, fire);
    await expectSameAsReference();
    const answer = await buildAppData(w.db, byName('jednotka'), uids.get('jednotka')!.at(-3)!);
    expect(answer.messages.filter((m) => m.read === 1).length).toBeGreaterThan(0);
  });

  it('sharing an event with a unit brings it with its children and links; unsharing takes it back', async () => {
    const fire = w.ev['PHA-2025-0412'];
    await cmd((tx, rec) => shareWithBase4(tx, rec, fire, true), fire);
    await expectSameAsReference();
    await cmd((tx, rec) => shareWithBase4(tx, rec, fire, false), fire);
    await expectSameAsReference();
  });

  it('a new link, a job ended (its vehicle too), a device and a contact removed', async () => {
    const [a, b] = [w.ev['PHA-2025-0412'], w.ev['BRN-2025-0198']];
    await cmd((tx, rec) => linkEndJobRenameDeviceRemoveContact(tx, rec, a, b));
    await expectSameAsReference();
  });

  it('a tag recoded into a C_ tag leaves the other bases; settings change; an event closes', async () => {
    const [tag] = await w.db.select().from(s.tags).limit(1);
    const brno = w.ev['BRN-2025-0198'];
    await cmd(async (tx, rec) => {
      await recodeAsCentralTag(tx, rec, tag);
      await closeEvent(tx, rec, brno);
      rec.changed('settings', 0);
    });
    await expectSameAsReference();
  });

  it('positions alone travel as positions, a unit gets its own devices, a row changed otherwise comes whole', async () => {
    const vehicles = await w.db.select().from(s.resources).orderBy(s.resources.id).limit(3);
    const devices = await w.db.select().from(s.devices).orderBy(s.devices.id);
    const before = await buildAppData(w.db, byName('dispecer'), null);
    const since = before.uid;
    // two batches of fixes, as writeBehind.ts writes them; then the first vehicle changes otherwise too
    for (const step of [1, 2]) {
      await cmd(async (tx, rec) => {
        for (const v of vehicles) {
          await tx
            .update(s.resources)
            .set({ latitude: 50 + step / 100, longitude: 14.4 + v.id / 1000, speed: 30 + step, locationAt: new Date() })
            .where(eq(s.resources.id, v.id));
          rec.moved('resources', v.id);
        }
        for (const d of devices) {
          await tx
            .update(s.devices)
            .set({ locationLatitude: 49.9 + step / 100, locationLongitude: 14.5, connectedAt: new Date() })
            .where(eq(s.devices.id, d.id));
          rec.moved('devices', d.id);
        }
      });
    }
    await expectSameAsReference();
    const moved = await buildAppData(w.db, byName('dispecer'), since);
    expect(moved.resources).toEqual([]);
    expect(unpackPositions(moved.positions!).resources.map((r) => r.id)).toEqual(vehicles.map((v) => v.id));
    expect(unpackPositions(moved.positions!).devices.length).toBe(devices.length);
    // the positions set on the rows held equal the rows as a full bundle presents them now
    const now = await buildAppData(w.db, byName('dispecer'), null);
    for (const r of unpackPositions(moved.positions!).resources) {
      const held = before.resources.find((x) => x.id === r.id)!;
      expect(withMovedResource(held, r)).toEqual(now.resources.find((x) => x.id === r.id));
    }
    for (const d of unpackPositions(moved.positions!).devices) {
      const held = before.devices.find((x) => x.id === d.id)!;
      expect(withMovedDevice(held, d)).toEqual(now.devices.find((x) => x.id === d.id));
    }
    // a unit gets the positions of its own devices only
    const brno = byName('brno');
    const unit = await buildAppData(w.db, brno, since);
    const own = devices.filter((d) => d.baseId === brno.user.baseId).map((d) => d.id);
    expect(unpackPositions(unit.positions!).devices.map((d) => d.id)).toEqual(own);

    await cmd(async (tx, rec) => {
      await tx.update(s.resources).set({ status: 2 }).where(eq(s.resources.id, vehicles[0].id));
      rec.changed('resources', vehicles[0].id);
    });
    await expectSameAsReference();
    const whole = await buildAppData(w.db, byName('dispecer'), since);
    expect(whole.resources.map((r) => r.id)).toEqual([vehicles[0].id]);
    expect(unpackPositions(whole.positions!).resources.map((r) => r.id)).toEqual(vehicles.slice(1).map((v) => v.id));
  });

  it('a pull reads its data from the last revision that changed more than positions; a push keeps its span', async () => {
    const central = byName('dispecer');
    const vehicles = await w.db.select().from(s.resources).orderBy(s.resources.id).limit(4);
    const move = (v: (typeof vehicles)[number]) =>
      cmd(async (tx, rec) => {
        await tx.update(s.resources).set({ latitude: 50.2, locationAt: new Date() }).where(eq(s.resources.id, v.id));
        rec.moved('resources', v.id);
      });
    const newest = async () => (await loadRevision(w.db)).revision;
    // a bucket starts at R: then a message (H = R + 1) and three position batches of one vehicle each
    while ((await newest()) % LIGHT_BUCKET !== 0) await move(vehicles[0]);
    const r = await newest();
    await messageOnFire('mezi polohami');
    const h = await newest();
    for (const v of vehicles.slice(1)) await move(v);
    const { epoch } = await loadRevision(w.db);
    expect(await dataFloor(w.db, epoch!, h + 2, 0)).toBe(h);
    expect(await dataFloor(w.db, epoch!, h, 0)).toBe(h); // the message itself is not skipped
    // near the newest revision: the positions exactly
    expect(await spanOf(w.db, epoch!, h + 2, h + 3, 0)).toEqual({
      epoch,
      since: h + 2,
      upTo: h + 3,
      dataSince: h,
      dataUpTo: h,
      positionsSince: h + 2,
    });
    const pulled = await buildAppData(w.db, central, formatUid(epoch!, h + 2));
    expect(pulled.messages).toEqual([]);
    expect(unpackPositions(pulled.positions!).resources.map((v) => v.id)).toEqual([vehicles[3].id]);
    expect(JSON.parse((await encodedAppAnswer(w.db, central, formatUid(epoch!, h + 2))).json)).toEqual(pulled);
    // a pull from before the message gets it once
    const fromR = await buildAppData(w.db, central, formatUid(epoch!, r));
    expect(fromR.messages.map((m) => m.content)).toEqual(['mezi polohami']);
    const pushed = await answerForPush(w.db, central, h + 2, h + 3);
    expect(unpackPositions((JSON.parse(pushed!.json) as AppBundle).positions!).resources.map((v) => v.id)).toEqual([
      vehicles[3].id,
    ]);
    // more than a bucket behind: the positions from the start of its bucket, as they are now; no data
    for (let i = 0; i < LIGHT_BUCKET; i++) await move(vehicles[0]);
    const upTo = await newest();
    expect(await spanOf(w.db, epoch!, h + 2, upTo, 0)).toMatchObject({ dataSince: h, dataUpTo: h, positionsSince: r });
    const far = await buildAppData(w.db, central, formatUid(epoch!, h + 2));
    expect(far.messages).toEqual([]);
    expect(unpackPositions(far.positions!).resources.map((v) => v.id)).toEqual(vehicles.map((v) => v.id));
    await expectSameAsReference();
  });

  it('new position batches read no data again; a row sent whole gets the position it moved to since', async () => {
    const central = byName('dispecer');
    const [a, b] = await w.db.select().from(s.resources).orderBy(s.resources.id).limit(2);
    const [device] = await w.db.select().from(s.devices).orderBy(s.devices.id).limit(1);
    const move = (v: typeof a, lat: number) =>
      cmd(async (tx, rec) => {
        await tx.update(s.resources).set({ latitude: lat, locationAt: new Date() }).where(eq(s.resources.id, v.id));
        rec.moved('resources', v.id);
        await tx.update(s.devices).set({ locationLatitude: lat }).where(eq(s.devices.id, device.id));
        rec.moved('devices', device.id);
      });
    const { epoch, revision: from } = await loadRevision(w.db);
    const uid = formatUid(epoch!, from);
    // a change of vehicle a (sent whole) and a message, then positions
    await cmd(async (tx, rec) => {
      await tx
        .update(s.resources)
        .set({ name: `${a.name} ` })
        .where(eq(s.resources.id, a.id));
      rec.changed('resources', a.id);
      const [m] = await tx
        .insert(s.messages)
        .values({ eventId: w.ev['PHA-2025-0412'], messageCategoryId: 1, content: 'před jízdou', type: 'X03' })
        .returning();
      rec.changed('messages', m.id);
    }, w.ev['PHA-2025-0412']);
    await move(b, 50.31);
    await buildAppData(w.db, central, uid); // the data of (from, from + 1] read and kept
    const counted = syncCountersOf(w.db).sharedDelta;
    const before = { ...counted };
    const spy = vi.spyOn(w.db, 'select');
    await move(b, 50.32);
    await move(a, 50.33);
    spy.mockClear();
    const later = await buildAppData(w.db, central, uid);
    // the board's new moves and the revision kinds are read; no change-log span, no rows of the data
    const tablesRead = spy.mock.results.length;
    spy.mockRestore();
    expect(counted.misses - before.misses).toBe(0);
    expect(counted.extended - before.extended).toBe(1);
    expect(tablesRead).toBeLessThanOrEqual(4);
    expect(later.resources.map((r) => [r.id, r.name, r.pnt?.latitude])).toEqual([[a.id, `${a.name} `, 50.33]]);
    // b as it is now (with the earlier moves of the bucket, which come again); a only whole
    const positions = unpackPositions(later.positions!).resources;
    expect(positions.find((r) => r.id === b.id)?.latitude).toBe(50.32);
    expect(positions.map((r) => r.id)).not.toContain(a.id);
    expect(unpackPositions(later.positions!).devices.map((d) => d.locationLatitude)).toEqual([50.33]);
    expect(later.messages.map((m) => m.content)).toEqual(['před jízdou']);
    // the same as the span read whole, and as the oracle
    forgetDeltas(w.db);
    expect(await buildAppData(w.db, central, uid)).toEqual(later);
    expect(counted.misses - before.misses).toBe(1);
    await expectSameAsReference();
  });

  it('a span of data and moves reads the moves beside the data, and the parts of events beside their rows', async () => {
    const central = byName('dispecer');
    const [v] = await w.db.select().from(s.resources).orderBy(s.resources.id).limit(1);
    const { epoch, revision: from } = await loadRevision(w.db);
    await messageOnFire('vedle poloh');
    await cmd(async (tx, rec) => {
      await tx.update(s.resources).set({ latitude: 50.21, locationAt: new Date() }).where(eq(s.resources.id, v.id));
      rec.moved('resources', v.id);
    });
    forgetDeltas(w.db);
    const reads = vi.spyOn(w.db, 'select');
    // the event's row, its parts (tags, conversations, jobs) and message totals: one statement each, all at once
    let inFlight = 0;
    let most = 0;
    const execute = w.db.execute.bind(w.db);
    const tuples = vi.spyOn(w.db, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) => {
      most = Math.max(most, ++inFlight);
      return Promise.resolve(execute(query)).finally(() => inFlight--);
    }) as unknown as typeof execute);
    const answer = await buildAppData(w.db, central, formatUid(epoch!, from));
    const fields = reads.mock.calls.map(([f]) => Object.keys(f ?? {}).join(','));
    reads.mockRestore();
    tuples.mockRestore();
    expect(most).toBe(5);
    // the change log's data rows (readChanges), then at once the board's moves (positionBoard.ts readMoves)
    const changes = fields.indexOf('tableName,rowId,op');
    expect(changes).toBeGreaterThanOrEqual(0);
    expect(fields[changes + 1]).toBe('table,id,revision');
    expect(answer.messages.map((m) => m.content)).toEqual(['vedle poloh']);
    expect(unpackPositions(answer.positions!).resources.map((r) => [r.id, r.latitude])).toEqual([[v.id, 50.21]]);
    await expectSameAsReference();
  });

  it('a pull finding its span being made takes the newest ready one of its data and bucket, never older than it holds', async () => {
    const [v] = await w.db.select().from(s.resources).orderBy(s.resources.id).limit(1);
    const move = () =>
      cmd(async (tx, rec) => {
        await tx.update(s.resources).set({ latitude: 50.4, locationAt: new Date() }).where(eq(s.resources.id, v.id));
        rec.moved('resources', v.id);
      });
    await move();
    const { epoch, revision: a } = await loadRevision(w.db);
    await move();
    await move();
    const [b, c] = [a + 1, a + 2];
    const span = (since: number, upTo: number): Span => ({
      epoch: epoch!,
      since,
      upTo,
      dataSince: a - 1,
      dataUpTo: a - 1,
      positionsSince: a - 1,
    });
    const ready = await sharedDelta(w.db, span(a - 1, a));
    const readyAt = Date.now();
    // (a - 1, b] being made for one panel: a pull asking for it meanwhile is answered (a - 1, a], a push waits
    const making = sharedDelta(w.db, span(a - 1, b), readyAt);
    expect(await sharedDelta(w.db, span(a - 1, b), readyAt, true)).toBe(ready);
    expect(sharedDelta(w.db, span(a - 1, b), readyAt)).toBe(making);
    // not for a panel that holds more than the ready span, nor once it is more than COALESCE_MS old
    const later = sharedDelta(w.db, span(b, c), readyAt);
    expect(sharedDelta(w.db, span(b, c), readyAt, true)).toBe(later);
    const old = sharedDelta(w.db, span(a, c), readyAt + COALESCE_MS + 1);
    expect(sharedDelta(w.db, span(a, c), readyAt + COALESCE_MS + 1, true)).toBe(old);
    expect((await making).span.upTo).toBe(b);
    await Promise.all([later, old]);
  });

  it('a hundred panels asking for the same delta cost the database what one does', async () => {
    const addMessage = () => messageOnFire('zátěž');
    const panels = Array.from({ length: 100 }, (_, i) => w.users[i % w.users.length]);
    let since = uids.get(w.users[0].user.username)!.at(-1)!;
    const countQueries = async (askers: AuthContext[]) => {
      await addMessage();
      // the revision counter is re-read when its memory is older than REVALIDATE_MS (2 s), whatever asks: read
      // it now and hold the clock, so a window a loaded machine stretches past 2 s counts only the panels' cost
      await loadRevision(w.db);
      const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
      const spies = [vi.spyOn(w.db, 'select'), vi.spyOn(w.db, 'execute')];
      const answers = await Promise.all(askers.map((a) => buildAppData(w.db, a, since)));
      const calls = spies.reduce((n, sp) => n + sp.mock.calls.length, 0);
      spies.forEach((sp) => sp.mockRestore());
      clock.mockRestore();
      expect(answers.every((x) => !x.resetData && x.uid === answers[0].uid)).toBe(true);
      since = answers[0].uid;
      return calls;
    };
    const one = await countQueries([w.users[0]]);
    const hundred = await countQueries(panels);
    expect(one).toBeGreaterThan(0);
    expect(hundred).toBeLessThanOrEqual(one);
    expect(cachedSpans(w.db)).toBeGreaterThan(0);
  });
  it('a span of positions alone is one answer per class and permissions; a message makes it per user again', async () => {
    const central = byName('dispecer');
    // another user of the same class and permissions (the demo has none): the same answer unless it is personal
    const twin: AuthContext = { ...central, user: { ...central.user, id: central.user.id + 1000 } };
    const from = (await buildAppData(w.db, central, null)).uid;
    const [vehicle] = await w.db.select().from(s.resources).limit(1);
    await cmd(async (tx, rec) => {
      await tx
        .update(s.resources)
        .set({ latitude: 50.0871, longitude: 14.4213, locationAt: new Date() })
        .where(eq(s.resources.id, vehicle.id));
      rec.changed('resources', vehicle.id);
    });
    const positions = await encodedAppAnswer(w.db, central, from);
    expect(await encodedAppAnswer(w.db, twin, from)).toBe(positions);
    expect(JSON.parse(positions.json)).toEqual(await buildAppData(w.db, central, from));
    expect((JSON.parse(positions.json) as AppBundle).resources.map((r) => r.id)).toEqual([vehicle.id]);
    // another class (a unit) or other permissions: its own answer
    expect(await encodedAppAnswer(w.db, byName('brno'), from)).not.toBe(positions);

    await messageOnFire('osobní');
    const own = await encodedAppAnswer(w.db, central, from);
    expect(await encodedAppAnswer(w.db, twin, from)).not.toBe(own);
    expect(JSON.parse(own.json)).toEqual(await buildAppData(w.db, central, from));
  });

  it('kept spans go once they expire, also when no panel asks any more (idle memory)', async () => {
    forgetDeltas(w.db);
    const central = byName('dispecer');
    const from = (await buildAppData(w.db, central, null)).uid;
    const [vehicle] = await w.db.select().from(s.resources).limit(1);
    // the clock and the sweeper's interval are fake; the database's own turns (setImmediate) stay real
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      await cmd(async (tx, rec) => {
        await tx.update(s.resources).set({ latitude: 50.2 }).where(eq(s.resources.id, vehicle.id));
        rec.moved('resources', vehicle.id);
      });
      await encodedAppAnswer(w.db, central, from);
      expect(cachedSpans(w.db)).toBeGreaterThan(0);
      vi.advanceTimersByTime(DELTA_TTL_MS);
      expect(cachedSpans(w.db), 'not yet expired at the first sweep').toBeGreaterThan(0);
      vi.advanceTimersByTime(DELTA_TTL_MS);
      expect(cachedSpans(w.db)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
