import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import type { DatabaseHandle } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { openSeeded } from '../sync/testkit.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed.js';

describe('seedDemo', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openSeeded();
  });
  afterAll(() => h.close());

  it('seeds only an empty database', async () => {
    expect(await seedDemo(h.db)).toBe(false);
  });

  it('has the central base 2 and at least 12 unit bases at railway hubs', async () => {
    const bases = await h.db.select().from(s.bases);
    expect(bases.find((b) => b.id === 2)?.name).toBe('Centrální dispečink HZS SŽ');
    const units = bases.filter((b) => b.baseCategoryId === 1);
    expect(units.length).toBeGreaterThanOrEqual(12);
    for (const b of units) {
      expect(b.latitude!).toBeGreaterThan(48.5);
      expect(b.latitude!).toBeLessThan(51.1);
      expect(b.longitude!).toBeGreaterThan(12.0);
      expect(b.longitude!).toBeLessThan(18.9);
      expect(b.uid).toMatch(/^hzs-[a-z]{3}$/);
    }
  });

  it('has 30+ vehicles incl. drones and inspectors near their bases', async () => {
    const rows = await h.db
      .select({ r: s.resources, type: s.resourceTypes.name, b: s.bases })
      .from(s.resources)
      .innerJoin(s.resourceTypes, eq(s.resourceTypes.id, s.resources.resourceTypeId))
      .innerJoin(s.bases, eq(s.bases.id, s.resources.baseId));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.some((r) => r.type === 'Dron' && r.r.name.includes('DJI Matrice 30T'))).toBe(true);
    expect(rows.some((r) => r.type === 'Inspektor')).toBe(true);
    const idle = rows.filter((r) => r.r.status === 0);
    for (const r of idle) {
      expect(Math.abs(r.r.latitude! - r.b.latitude!)).toBeLessThan(0.01);
      expect(Math.abs(r.r.longitude! - r.b.longitude!)).toBeLessThan(0.01);
    }
    for (const r of rows.filter((x) => x.r.licence)) expect(r.r.licence).toMatch(/^\d[A-Z]\d \d{4}$/);
  });

  it('has devices with every code prefix and mixed test results', async () => {
    const devices = await h.db.select().from(s.devices);
    for (const p of ['M-', 'T-', 'N-', 'DC-', 'X-']) expect(devices.some((d) => d.code.startsWith(p))).toBe(true);
    const results = devices.map((d) => d.testResult as Record<string, unknown> | null).filter(Boolean);
    expect(results.some((r) => r!.gps_enabled === false)).toBe(true);
    expect(results.some((r) => r!.app_version !== r!.expect_app_version)).toBe(true);
    expect(results.every((r) => 'storage_fill' in r! && 'device_to_server_time_diff' in r!)).toBe(true);
  });

  it('has the spec catalogues', async () => {
    const cats = await h.db.select().from(s.eventCategories);
    const codes = cats.map((c) => c.code);
    for (const code of ['KOPIS', 'DZIN-CALL', 'DZIN-EVENT', 'DZIN-EVENT2']) expect(codes).toContain(code);
    expect(new Set(cats.map((c) => c.type))).toEqual(new Set(['event', 'call', 'chat', 'support', 'data', 'monitor']));
    const five = cats.find((c) => c.id === 5)!;
    const required = Object.entries(five.inputs as Record<string, { required: number }>).filter(([, i]) => i.required);
    expect(required.map(([k]) => k)).toEqual(['description']);
    expect(cats.some((c) => c.id === 17)).toBe(true);
    expect(await h.db.select().from(s.eventTypes)).toHaveLength(12);
    const mt = (await h.db.select().from(s.messageTags)).map((t) => t.code);
    expect(mt).toEqual(['FWD_1', 'FWD_2', 'ISV', 'CONF', 'DZIN_INPUT', 'DULEZITE']);
    const tags = (await h.db.select().from(s.tags)).map((t) => t.code);
    expect(tags).toEqual(expect.arrayContaining(['ISPO', 'ISPO_QUEUE']));
    expect(tags.some((t) => t.startsWith('C_'))).toBe(true);
    const js = (await h.db.select().from(s.eventJobStatuses)).map((j) => j.id);
    expect(js).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('has the demo accounts with password panel-demo and a device each', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toEqual(['admin', 'dispecer', 'jednotka', 'mng', 'udrp']);
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await h.db.select().from(s.users).where(eq(s.users.username, a.username));
      expect(u.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(u.passwordHash, 'panel-demo')).toBe(true);
      const devs = await h.db.select().from(s.userDevices).where(eq(s.userDevices.userId, u.id));
      expect(devs.length).toBeGreaterThan(0);
    }
  });

  it('has active events with messages, contacts and jobs', async () => {
    const events = await h.db.select().from(s.events);
    expect(events.filter((e) => ![3, 4, 5, 6, 7].includes(e.eventStateId)).length).toBeGreaterThanOrEqual(4);
    expect((await h.db.select().from(s.messages)).length).toBeGreaterThan(5);
    expect((await h.db.select().from(s.eventContacts)).length).toBeGreaterThan(3);
    expect((await h.db.select().from(s.eventJobs)).length).toBeGreaterThan(3);
  });

  it('continues serial ids after the explicit ones', async () => {
    const [b] = await h.db.insert(s.bases).values({ uid: 'hzs-tst', code: 'TST', name: 'Test' }).returning();
    expect(b.id).toBeGreaterThan(17);
  });
});
