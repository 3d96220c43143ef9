/**
 * Seeds the demo railway fire-rescue service into an empty database (no bases and no users), in one
 * transaction. Seeding writes no change log: it happens before any panel holds a uid, so the first bundle
 * is full anyway.
 */
import { hash } from '@node-rs/argon2';
import { count, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { DEMO_BASES, baseByCode } from './bases.js';
import * as c from './catalogues.js';
import { EVENT_CATEGORIES } from './categories.js';
import { DEMO_DIRECTORY } from './contacts.js';
import { demoDevices } from './devices.js';
import { DEMO_EVENTS, DEMO_LINKS } from './events.js';
import { seedMediaMessages } from './mediaMessages.js';
import { seedRailwayNetwork } from './railwayNetwork.js';
import { demoResources } from './resources.js';
import { seedRunCards } from './runCards.js';
import { seedVehicleTelemetry } from './vehicles.js';
import { seedDemoHistory } from './history.js';
import { DEMO_PASSWORD, DEMO_USERS, GROUPS, PERMISSION_GRANTS, ROLES } from './users.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './users.js';

/** Tables whose serial ids the seed sets explicitly: their sequences must continue after the max id. */
const EXPLICIT_ID_TABLES = ['bases', 'roles', 'groups', 'tags'];

const minutesAgo = (now: number, m: number) => new Date(now - m * 60_000);

export async function isEmpty(db: Database): Promise<boolean> {
  const [b] = await db.select({ n: count() }).from(s.bases);
  const [u] = await db.select({ n: count() }).from(s.users);
  return Number(b.n) === 0 && Number(u.n) === 0;
}

/**
 * Seeds only an empty database; returns whether it seeded. `history`: also 90 days of past deployments for the
 * response-time reports (the start-up seed; tests that count events leave it out).
 */
export async function seedDemo(db: Database, opts: { history?: boolean } = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedDemoContacts(tx);
    const ids = await seedFleet(tx);
    await seedRunCards(tx);
    await seedAccessControl(tx);
    await seedUsers(tx, passwordHash, ids.devices);
    await seedEvents(tx, ids);
    await seedMediaMessages(tx);
    await seedVehicleTelemetry(tx);
    await seedRailwayNetwork(tx);
    if (opts.history) await seedDemoHistory(tx);
    await continueExplicitIdSequences(tx);
    await tx
      .insert(s.settings)
      .values([
        { key: 'environment', value: 'demo' },
        { key: 'product', value: 'hzs' },
      ])
      .onConflictDoUpdate({ target: s.settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
  });
  return true;
}

/** Tables whose serial ids were set explicitly continue after their max id. */
export async function continueExplicitIdSequences(tx: Tx): Promise<void> {
  for (const t of EXPLICIT_ID_TABLES) {
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select coalesce(max(id), 1) from ${t}))`),
    );
  }
}

/**
 * What the panel cannot work without, demo or production: the bases (the central base is id 2) and every
 * catalogue (priorities, types, states, categories, roles of events, message types and templates, sounds, …).
 */
export async function seedReferenceData(tx: Tx): Promise<void> {
  await tx.insert(s.bases).values(
    DEMO_BASES.map((b) => ({
      id: b.id,
      uid: b.uid,
      code: b.code,
      name: b.name,
      baseCategoryId: b.baseCategoryId,
      latitude: b.latitude,
      longitude: b.longitude,
      address: b.address,
      phone: `9722${String(10000 + b.id * 137).slice(-5)}`,
    })),
  );
  await tx.insert(s.priorities).values(c.PRIORITIES);
  await tx.insert(s.eventTypes).values(c.EVENT_TYPES);
  await tx.insert(s.services).values(c.SERVICES);
  await tx.insert(s.eventTerrains).values(c.TERRAINS);
  await tx.insert(s.eventStates).values(c.EVENT_STATES);
  await tx.insert(s.eventStatuses).values(c.EVENT_STATUSES);
  await tx.insert(s.eventSources).values(c.EVENT_SOURCES);
  await tx.insert(s.tagCategories).values(c.TAG_CATEGORIES);
  await tx.insert(s.tags).values(c.TAGS);
  await tx.insert(s.eventRoles).values(c.EVENT_ROLES);
  await tx.insert(s.contactTypes).values(c.CONTACT_TYPES);
  await tx.insert(s.messageCategories).values(c.MESSAGE_CATEGORIES);
  await tx.insert(s.messageTypes).values(c.MESSAGE_TYPES);
  await tx.insert(s.messageTemplates).values(c.MESSAGE_TEMPLATES);
  await tx.insert(s.messageTags).values(c.MESSAGE_TAGS);
  await tx.insert(s.eventJobStatuses).values(c.JOB_STATUSES);
  await tx.insert(s.resourceTypes).values(c.RESOURCE_TYPES);
  await tx.insert(s.soundAssets).values(c.SOUND_ASSETS);
  await tx.insert(s.eventCategories).values(EVENT_CATEGORIES);
}

/** The demo phone directory. */
async function seedDemoContacts(tx: Tx): Promise<void> {
  await tx.insert(s.contacts).values([
    { name: 'Dispečer SŽ Praha', number: '972241111', description: 'CDP Praha, provozní dispečer' },
    { name: 'Dispečer SŽ Přerov', number: '972741200', description: 'CDP Přerov, provozní dispečer' },
    { name: 'Drážní inspekce', number: '972226100', description: 'pohotovost' },
    { name: 'Energetický dispečink Praha', number: '972233351', description: 'ED Praha, trakční vedení' },
    { name: 'Energetický dispečink Ostrava', number: '972766810', description: 'ED Ostrava, trakční vedení' },
    { name: 'KOPIS HZS hl. m. Prahy', number: '950850150', description: 'operační středisko' },
    { name: 'KOPIS HZS MSK', number: '950730150', description: 'operační středisko' },
    { name: 'Policie ČR – železniční policie', number: '974862100', description: 'Praha' },
  ]);
  await tx.insert(s.contacts).values(DEMO_DIRECTORY);
}

interface SeedIds {
  devices: Map<string, number>;
  resources: Map<string, { id: number; baseId: number }>;
}

async function seedFleet(tx: Tx): Promise<SeedIds> {
  const now = Date.now();
  const list = demoResources();
  const rows = await tx
    .insert(s.resources)
    .values(
      list.map((r) => ({
        name: r.name,
        licence: r.licence,
        baseId: baseByCode(r.baseCode).id,
        resourceTypeId: r.resourceTypeId,
        icon: r.icon,
        latitude: r.latitude,
        longitude: r.longitude,
        speed: 0,
        sourceName: r.resourceTypeId === 5 ? 'DJI FlightHub' : 'GPS Fleetware',
        locationAt: minutesAgo(now, 1 + (r.name.length % 4)),
        locationAccuracy: 5,
        status: r.status,
      })),
    )
    .returning({ id: s.resources.id, name: s.resources.name, baseId: s.resources.baseId });
  const resources = new Map(rows.map((r) => [r.name, { id: r.id, baseId: r.baseId! }]));
  await tx.insert(s.resourcePositions).values(
    list.map((r) => ({
      resourceId: resources.get(r.name)!.id,
      latitude: r.latitude,
      longitude: r.longitude,
      speed: 0,
      sourceName: 'GPS Fleetware',
      recordedAt: minutesAgo(now, 2),
    })),
  );

  const byBase = new Map<string, string[]>();
  for (const r of list) byBase.set(r.baseCode, [...(byBase.get(r.baseCode) ?? []), r.name]);
  const devices = demoDevices(byBase);
  const devRows = await tx
    .insert(s.devices)
    .values(
      devices.map((d) => {
        const base = baseByCode(d.baseCode);
        const res = d.resourceName ? resources.get(d.resourceName) : undefined;
        return {
          code: d.code,
          name: d.name,
          baseId: base.id,
          resourceId: res?.id ?? null,
          number: d.number,
          status: d.connectedAgo != null && d.connectedAgo < 60 ? 1 : 0,
          ownership: d.ownership,
          connectedAt: d.connectedAgo == null ? null : minutesAgo(now, d.connectedAgo),
          testedAt: d.testResult ? minutesAgo(now, d.testedAgo) : null,
          testResult: d.testResult,
          locationLatitude: d.code.startsWith('X') ? null : +(base.latitude + 0.0004).toFixed(6),
          locationLongitude: d.code.startsWith('X') ? null : +(base.longitude - 0.0003).toFixed(6),
          appVersion: (d.testResult?.app_version as string | undefined) ?? null,
        };
      }),
    )
    .returning({ id: s.devices.id, code: s.devices.code });
  const deviceIds = new Map(devRows.map((d) => [d.code, d.id]));
  const tests = devices
    .filter((d) => d.testResult)
    .map((d) => ({ deviceId: deviceIds.get(d.code)!, testedAt: minutesAgo(now, d.testedAgo), result: d.testResult! }));
  if (tests.length) await tx.insert(s.deviceTests).values(tests);
  return { devices: deviceIds, resources };
}

/** Roles (admin, udrp, operator), groups (COIS, MNG) and their permission grants: production needs them too. */
export async function seedAccessControl(tx: Tx): Promise<void> {
  await tx.insert(s.roles).values(ROLES);
  await tx.insert(s.groups).values(GROUPS);
  const roleId = new Map(ROLES.map((r) => [r.name, r.id]));
  const groupId = new Map(GROUPS.map((g) => [g.name, g.id]));
  await tx.insert(s.permissionGrants).values(
    PERMISSION_GRANTS.map((g) => ({
      permission: g.permission,
      roleId: g.role ? roleId.get(g.role)! : null,
      groupId: g.group ? groupId.get(g.group)! : null,
    })),
  );
}

async function seedUsers(tx: Tx, passwordHash: string, deviceIds: Map<string, number>) {
  const roleId = new Map(ROLES.map((r) => [r.name, r.id]));
  const groupId = new Map(GROUPS.map((g) => [g.name, g.id]));
  for (const u of DEMO_USERS) {
    const [row] = await tx
      .insert(s.users)
      .values({
        username: u.username,
        passwordHash,
        firstName: u.firstName,
        lastName: u.lastName,
        baseId: baseByCode(u.baseCode).id,
      })
      .returning({ id: s.users.id });
    if (u.roles.length) {
      await tx.insert(s.userRoles).values(u.roles.map((r) => ({ userId: row.id, roleId: roleId.get(r)! })));
    }
    if (u.groups.length) {
      await tx.insert(s.userGroups).values(u.groups.map((g) => ({ userId: row.id, groupId: groupId.get(g)! })));
    }
    const devs = u.devices.map((code) => {
      const id = deviceIds.get(code);
      if (!id) throw new Error(`demo device ${code} of ${u.username} missing`);
      return id;
    });
    await tx.insert(s.userDevices).values(devs.map((deviceId) => ({ userId: row.id, deviceId })));
    // the first device is the user's own (assigned) device
    await tx
      .update(s.devices)
      .set({ userId: row.id })
      .where(sql`${s.devices.id} = ${devs[0]}`);
  }
}

async function seedEvents(tx: Tx, ids: SeedIds) {
  const now = Date.now();
  const tagId = new Map(c.TAGS.map((t) => [t.code, t.id]));
  const msgTags = await tx.select({ id: s.messageTags.id, code: s.messageTags.code }).from(s.messageTags);
  const msgTagId = new Map(msgTags.map((t) => [t.code, t.id]));
  const eventIds = new Map<string, number>();
  const category = new Map(EVENT_CATEGORIES.map((c) => [c.id, c]));

  for (const e of DEMO_EVENTS) {
    const base = baseByCode(e.baseCode);
    const created = minutesAgo(now, e.minutesAgo);
    const closed = [3, 4, 5, 6, 7].includes(e.stateId);
    const [row] = await tx
      .insert(s.events)
      .values({
        uuid: e.uuid,
        code: e.code,
        eventStateId: e.stateId,
        eventStatusId: e.statusId,
        eventTypeId: e.typeId,
        eventSourceId: e.sourceId,
        eventCategoryId: e.categoryId,
        eventTerrainId: e.terrainId,
        serviceId: e.serviceId,
        priorityId: e.priorityId,
        baseId: base.id,
        uid: e.code,
        eventRoles: e.eventRoles ?? [50],
        header: {
          title: { value: e.subject, class: e.priorityId >= 4 ? 'text-error' : null },
          subtitle: { value: e.address, class: null },
          description: { value: e.description, class: null },
          overview: { value: `**${e.code}** – ${e.subject}\n\n${e.description}`, class: 'markdown' },
        },
        alert: e.alert ?? null,
        data: e.trainNumber ? { trainNumber: e.trainNumber } : {},
        subject: e.subject,
        description: e.description,
        reporterName: e.reporterName,
        reporterNumber: e.reporterNumber,
        address: e.address,
        addressData: { title: e.address, distance: 0 },
        addressDescription: e.addressDescription,
        start: created,
        startAt: created,
        startedAt: created,
        endAt: closed ? minutesAgo(now, e.minutesAgo - 90) : null,
        endedAt: closed ? minutesAgo(now, e.minutesAgo - 90) : null,
        targetLatitude: e.latitude,
        targetLongitude: e.longitude,
        createdAt: created,
        insertedAt: created,
      })
      .returning({ id: s.events.id });
    eventIds.set(e.uuid, row.id);

    if (e.units.length) {
      await tx.insert(s.eventToBase).values(e.units.map((code) => ({ eventId: row.id, baseId: baseByCode(code).id })));
    }
    if (e.tags.length) {
      await tx.insert(s.eventToTags).values(e.tags.map((code) => ({ eventId: row.id, tagId: tagId.get(code)! })));
    }

    const cat = category.get(e.categoryId)!;
    const convTypes = cat.type === 'event' ? [1, 2] : cat.type === 'chat' ? [1] : [];
    const conv = new Map<number, number>();
    for (const type of convTypes) {
      const [cv] = await tx
        .insert(s.conversations)
        .values({ eventId: row.id, type, name: `event-messages-${type}`, createdAt: created })
        .returning({ id: s.conversations.id });
      conv.set(type, cv.id);
    }
    let seq = 0;
    for (const m of e.messages) {
      seq += 1;
      const at = minutesAgo(now, m.minutesAgo);
      const base = DEMO_BASES.find((b) => m.device?.includes(`-${b.code}-`));
      const [msg] = await tx
        .insert(s.messages)
        .values({
          uuid: `${e.uuid.slice(0, 24)}${e.uuid.slice(-2)}${String(seq).padStart(10, '0')}`,
          eventId: row.id,
          conversationId: conv.get(m.category) ?? null,
          messageCategoryId: m.category,
          type: 'X03',
          content: m.content,
          data: {},
          deviceId: m.device ? (ids.devices.get(m.device) ?? null) : null,
          deviceCode: m.device,
          senderName: m.sender,
          latitude: m.device?.startsWith('M-') ? e.latitude + 0.0002 : (base?.latitude ?? null),
          longitude: m.device?.startsWith('M-') ? e.longitude - 0.0002 : (base?.longitude ?? null),
          accuracy: m.device?.startsWith('M-') ? 8 : null,
          sequence: seq,
          createdAt: at,
          insertedAt: at,
          updatedAt: at,
        })
        .returning({ id: s.messages.id });
      if (m.tags?.length) {
        await tx
          .insert(s.messageToTags)
          .values(m.tags.map((code) => ({ messageId: msg.id, messageTagId: msgTagId.get(code)! })));
      }
    }
    for (const [i, ct] of e.contacts.entries()) {
      await tx.insert(s.eventContacts).values({
        eventId: row.id,
        contactTypeId: ct.type,
        title: ct.title ?? null,
        name: ct.name,
        number: ct.number,
        custom: ct.custom ?? true,
        persistent: ct.persistent ?? false,
        deviceId: ct.device ? (ids.devices.get(ct.device) ?? null) : null,
        sort: i + 1,
        priority: c.CONTACT_TYPES.find((t) => t.id === ct.type)?.priority ?? 0,
        createdAt: created,
      });
    }
    for (const j of e.jobs) {
      const res = ids.resources.get(j.resource);
      if (!res) throw new Error(`demo vehicle ${j.resource} missing`);
      await tx.insert(s.eventJobs).values({
        eventId: row.id,
        eventJobStatusId: j.status,
        baseId: res.baseId,
        resourceId: res.id,
        arriveAt: j.status >= 18 ? minutesAgo(now, j.minutesAgo - 6) : null,
        showWaypointsTimeout: 300,
        createdAt: minutesAgo(now, j.minutesAgo),
      });
      // a deployed vehicle is on a trip and stands near the event
      await tx
        .update(s.resources)
        .set({
          status: 1,
          latitude: j.status >= 18 ? e.latitude + 0.0003 : undefined,
          longitude: j.status >= 18 ? e.longitude + 0.0003 : undefined,
          destinationLatitude: e.latitude,
          destinationLongitude: e.longitude,
          speed: j.status === 15 ? 62 : 0,
        })
        .where(sql`${s.resources.id} = ${res.id}`);
    }
    await tx.insert(s.journal).values({
      eventId: row.id,
      date: created,
      type: 'event.create',
      tableName: 'events',
      data: { code: e.code, subject: e.subject, source: 'demo' },
    });
  }
  for (const l of DEMO_LINKS) {
    await tx
      .insert(s.eventToEvent)
      .values({ sourceEventId: eventIds.get(l.source)!, targetEventId: eventIds.get(l.target)! });
  }
}
