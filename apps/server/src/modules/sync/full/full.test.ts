/**
 * The full bundle cut from the shared state (answer.ts) is, byte for byte, JSON.stringify of buildFull's answer
 * (itself held to the row-by-row reference by bundleReference.test.ts) for every demo user after every kind of
 * write — messages and read marks (per user), read calls that move watermarks, sharing and unsharing, a new
 * event, links, jobs, vehicles, devices, contacts, a closed event, a tag recoded into C_, settings — and for a
 * user whose permission was revoked; a message write is brought in by a patch, not by reading everything again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../context.js';
import * as s from '../../../db/schema/index.js';
import { markAllRead } from '../../messages/commands.js';
import { buildAppData } from '../bundle.js';
import { encodedAppAnswer } from '../delta/encoded.js';
import {
  closeEvent,
  linkEndJobRenameDeviceRemoveContact,
  recodeAsCentralTag,
  SeededWorld,
  shareWithBase4,
} from '../../../sync/testkit.js';
import { forgetFullState, warmFullState } from './answer.js';
import { fullStateReads } from './state.js';

describe('full bundle from the shared state', () => {
  const w = new SeededWorld();
  const { cmd, byName } = w;

  /** what the route sends for uid null, as text */
  const cached = async (auth: AuthContext) => (await encodedAppAnswer(w.db, auth, null)).json;

  async function expectSameAsBuildFull(askers = w.users) {
    for (const auth of askers) {
      const got = await cached(auth);
      expect(got, auth.user.username).toBe(JSON.stringify(await buildAppData(w.db, auth, null)));
    }
  }

  const addMessage = (eventId: number, author: string, category: number, content: string) =>
    cmd(async (tx, rec) => {
      const [m] = await tx
        .insert(s.messages)
        .values({ eventId, messageCategoryId: category, content, type: 'X03', userId: byName(author).user.id })
        .returning();
      rec.changed('messages', m.id);
    }, eventId);

  beforeAll(() => w.open());
  afterAll(() => w.close());

  it('covers the demo roles and equals buildFull on the demo data', async () => {
    expect(w.users.map((u) => u.user.username)).toEqual(
      expect.arrayContaining(['admin', 'dispecer', 'jednotka', 'mng', 'brno', 'ostrava']),
    );
    await expectSameAsBuildFull();
  });

  it('new messages of two authors are patched in: own read, others unread, per user', async () => {
    const fire = w.ev['PHA-2025-0412'];
    const before = fullStateReads.whole;
    await addMessage(fire, 'dispecer', 1, 'celá od dispečera');
    await addMessage(fire, 'jednotka', 2, 'celá od jednotky');
    await expectSameAsBuildFull();
    expect(fullStateReads.whole).toBe(before);
    const mine = JSON.parse(await cached(byName('dispecer'))) as { messages: { content: string; read: number }[] };
    expect(mine.messages.find((m) => m.content === 'celá od dispečera')?.read).toBe(1);
    expect(mine.messages.find((m) => m.content === 'celá od jednotky')?.read).toBe(0);
  });

  it('a message in an event a unit does not see stays out of its bundle', async () => {
    const brnoEvent = w.ev['BRN-2025-0198'];
    await addMessage(brnoEvent, 'dispecer', 1, 'jen pro Brno a centrálu');
    await expectSameAsBuildFull();
    expect(await cached(byName('jednotka'))).not.toContain('jen pro Brno a centrálu');
    expect(await cached(byName('brno'))).toContain('jen pro Brno a centrálu');
  });

  it('read marks change the reader’s flags and counts only; a read call moving the watermarks too', async () => {
    const fire = w.ev['PHA-2025-0412'];
    const reader = byName('jednotka');
    const others = w.users.filter((u) => u !== reader);
    const othersBefore = await Promise.all(others.map((u) => cached(u)));
    const rows = await w.db.select({ id: s.messages.id }).from(s.messages).where(eq(s.messages.eventId, fire));
    await cmd(async (tx, rec) => {
      for (const m of rows.slice(0, 4)) {
        await tx.insert(s.messageReads).values({ messageId: m.id, userId: reader.user.id }).onConflictDoNothing();
        rec.changed('messages', m.id);
      }
    }, fire);
    await expectSameAsBuildFull();
    // the others' bundles differ only by the uid
    const uidless = (text: string) => text.replace(/,"uid":"[^"]*"}$/, '');
    const othersAfter = await Promise.all(others.map((u) => cached(u)));
    othersAfter.forEach((text, i) => expect(uidless(text), others[i].user.username).toBe(uidless(othersBefore[i])));

    await w.db.execute(sql`update messages set inserted_at = inserted_at - interval '1 hour'`);
    await markAllRead({ db: w.db, hub: w.hub }, byName('dispecer'));
    await addMessage(fire, 'jednotka', 1, 'nad vodoznakem');
    await expectSameAsBuildFull();
  });

  it('sharing an event with a unit brings it with its messages; unsharing takes it back', async () => {
    const fire = w.ev['PHA-2025-0412'];
    const share = (add: boolean) => cmd((tx, rec) => shareWithBase4(tx, rec, fire, add), fire);
    await share(true);
    await expectSameAsBuildFull();
    expect(await cached(byName('brno'))).toContain('celá od dispečera');
    await share(false);
    await expectSameAsBuildFull();
    expect(await cached(byName('brno'))).not.toContain('celá od dispečera');
  });

  it('a new event with conversations and messages, a link, a job ended, a device renamed, a contact removed', async () => {
    const [a, b] = [w.ev['PHA-2025-0412'], w.ev['BRN-2025-0198']];
    let created = 0;
    await cmd(async (tx, rec) => {
      const [e] = await tx
        .insert(s.events)
        .values({ uuid: randomUUID(), eventCategoryId: 5, description: 'Nová plná', baseId: 2, start: new Date() })
        .returning();
      created = e.id;
      await tx.insert(s.conversations).values({ eventId: e.id, type: 3, name: 'event-messages-3' });
      rec.changed('events', e.id);
    });
    await addMessage(created, 'jednotka', 3, 've třetí konverzaci');
    await cmd((tx, rec) => linkEndJobRenameDeviceRemoveContact(tx, rec, a, b, { renameVehicle: true }));
    await expectSameAsBuildFull();
    expect(await cached(byName('dispecer'))).toContain('ve třetí konverzaci');
  });

  it('a closed event leaves every bundle; a tag recoded into C_ and settings are read again', async () => {
    const [tag] = await w.db.select().from(s.tags).limit(1);
    await cmd((tx, rec) => closeEvent(tx, rec, w.ev['BRN-2025-0198']));
    await expectSameAsBuildFull();
    expect(await cached(byName('brno'))).not.toContain('jen pro Brno a centrálu');
    await cmd(async (tx, rec) => {
      await recodeAsCentralTag(tx, rec, tag);
      await tx.insert(s.settings).values({ key: 'fullBundleTest', value: 1 });
      rec.changed('settings', 0);
    });
    await expectSameAsBuildFull();
  });

  it('a revoked permission is reflected at once (devices of every unit need device.all)', async () => {
    const dispecer = byName('dispecer');
    const revoked = { ...dispecer, permissions: dispecer.permissions.filter((p) => p !== 'device.all') };
    expect(revoked.permissions.length).toBeLessThan(dispecer.permissions.length);
    const full = JSON.parse(await cached(dispecer)) as { devices: unknown[] };
    const cut = JSON.parse(await cached(revoked)) as { devices: unknown[]; userPermissions: string[] };
    expect(cut.devices.length).toBeLessThan(full.devices.length);
    expect(cut.userPermissions).not.toContain('device.all');
    await expectSameAsBuildFull([revoked]);
  });

  it('panels asking together after a write get each their own bundle from one patch', async () => {
    await addMessage(w.ev['PHA-2025-0412'], 'admin', 1, 'souběžně');
    const before = fullStateReads.patched;
    const answers = await Promise.all(w.users.map((u) => cached(u)));
    expect(fullStateReads.patched).toBe(before + 1);
    for (const [i, auth] of w.users.entries()) {
      expect(answers[i], auth.user.username).toBe(JSON.stringify(await buildAppData(w.db, auth, null)));
    }
  });

  it('a state read ahead at start serves the first full bundles without reading again', async () => {
    forgetFullState(w.db); // as after a restart
    const before = fullStateReads.whole;
    await warmFullState(w.db);
    expect(fullStateReads.whole).toBe(before + 1);
    await expectSameAsBuildFull();
    expect(fullStateReads.whole).toBe(before + 1);
  });
});
