/**
 * The shared delta gives every demo user exactly what the per-panel delta gave (reference.ts, the oracle), for
 * each kind of change — messages and read marks (the per-user parts), sharing and unsharing, links, jobs and
 * vehicles, devices, a tag recoded into a central-only C_ tag, closing, removals, settings — over one-step spans
 * and the long span from the start; and it costs the database the same for a hundred panels as for one. A span
 * of vehicle positions alone is one kept answer for every user of a class and permissions.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import type { AuthContext } from '../../../context.js';
import * as s from '../../../db/schema/index.js';
import { buildAppData } from '../bundle.js';
import { loadRevision, parseUid } from '../../../sync/revision.js';
import {
  closeEvent,
  linkEndJobRenameDeviceRemoveContact,
  recodeAsCentralTag,
  SeededWorld,
  shareWithBase4,
} from '../../../sync/testkit.js';
import { cachedSpans } from './cache.js';
import { encodedAppAnswer } from './encoded.js';
import { referenceDelta } from './reference.js';

describe('shared delta', () => {
  const w = new SeededWorld();
  const { cmd, byName } = w;
  /** every uid each user has been given, oldest first */
  const uids = new Map<string, string[]>();

  const entitiesOf = (b: AppBundle) => {
    const { settings: _s, userPermissions: _p, resetData: _r, uid: _u, removed, ...entities } = b;
    return { entities, removed: removed ?? {} };
  };

  /** For each user and each uid they hold: the shared delta equals the reference; then each takes the newest. */
  async function expectSameAsReference() {
    for (const auth of w.users) {
      const held = uids.get(auth.user.username)!;
      for (const uid of [held[held.length - 1], held[0]]) {
        const answer = await buildAppData(w.db, auth, uid);
        expect(answer.resetData).toBe(false);
        const upTo = parseUid(answer.uid)!.revision;
        const since = parseUid(uid)!.revision;
        const viewer = { ...auth.user, permissions: auth.permissions };
        const expected = await referenceDelta(w.db, viewer, since, upTo);
        const got = entitiesOf(answer);
        expect(got.entities, `${auth.user.username} ${since}→${upTo}`).toEqual(expected.entities);
        expect(got.removed, `${auth.user.username} ${since}→${upTo} removed`).toEqual(expected.removed);
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

  it('a hundred panels asking for the same delta cost the database what one does', async () => {
    const fire = w.ev['PHA-2025-0412'];
    const addMessage = () =>
      cmd(async (tx, rec) => {
        const [m] = await tx
          .insert(s.messages)
          .values({ eventId: fire, messageCategoryId: 1, content: 'zátěž', type: 'X03' })
          .returning();
        rec.changed('messages', m.id);
      }, fire);
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

    await cmd(async (tx, rec) => {
      const [m] = await tx
        .insert(s.messages)
        .values({ eventId: w.ev['PHA-2025-0412'], messageCategoryId: 1, content: 'osobní', type: 'X03' })
        .returning();
      rec.changed('messages', m.id);
    }, w.ev['PHA-2025-0412']);
    const own = await encodedAppAnswer(w.db, central, from);
    expect(await encodedAppAnswer(w.db, twin, from)).not.toBe(own);
    expect(JSON.parse(own.json)).toEqual(await buildAppData(w.db, central, from));
  });
});
