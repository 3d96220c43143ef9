/** The KOPIS simulation of the event view dialog: a test event of the KOPIS category in state 0. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ALERT_STATE, CATEGORY_CODES, NEW_EVENT_DEFAULTS } from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { events } from '../../db/schema/index.js';
import { HttpError, unprocessable } from '../../errors.js';
import { runCommand } from '../../sync/commands.js';
import { actorOf, categoryByCode, presentOne, type Auth, type CategoryRow, type Deps } from './access.js';
import { eventTexts } from './texts.js';

import { type Values, checkEvent, categoryDefaults } from './fields.js';
import { insertEvent } from './create.js';
import { pushAlert } from '../webPush/notify.js';
import { authorize } from '../../http/authorize.js';

const KOPIS_PLACES: KopisPlace[] = [
  { address: 'Praha hl.n., nástupiště 5', latitude: 50.0831, longitude: 14.4353 },
  { address: 'Brno hl.n., kolej 1', latitude: 49.1906, longitude: 16.6127 },
  { address: 'Ostrava-Svinov, zhlaví', latitude: 49.8209, longitude: 18.1935 },
  { address: 'Plzeň hl.n., kolej 4', latitude: 49.7434, longitude: 13.3879 },
  { address: 'Olomouc hl.n., nákladové nádraží', latitude: 49.5926, longitude: 17.2782 },
  { address: 'Pardubice hl.n., kolej 2', latitude: 50.0322, longitude: 15.7572 },
  { address: 'Česká Třebová, seřaďovací nádraží', latitude: 49.8984, longitude: 16.4493 },
  { address: 'Ústí nad Labem hl.n., kolej 3', latitude: 50.6597, longitude: 14.0446 },
];

export const KOPIS_INCIDENTS: KopisIncident[] = [
  { eventTypeId: 9, subject: 'Požár kolejového vozidla', description: 'Hlášen kouř z podvozku osobního vozu.' },
  { eventTypeId: 4, subject: 'Únik nebezpečné látky', description: 'Odkapávání z cisternového vozu, látka neznámá.' },
  { eventTypeId: 5, subject: 'Srážka vlaku s osobou', description: 'Strojvedoucí hlásí střet s osobou, vlak stojí.' },
  { eventTypeId: 6, subject: 'Vykolejení', description: 'Vykolejení nákladního vozu při posunu, bez zranění.' },
];

export interface KopisPlace {
  address: string;
  latitude: number;
  longitude: number;
}

export interface KopisIncident {
  eventTypeId: number;
  subject: string;
  description: string;
}

/** A call handed over by KOPIS (the fire service's regional operations centre). */
export interface KopisCall {
  incident: KopisIncident;
  place: KopisPlace;
  /** the handing-over centre, e.g. 'KOPIS HZS Pardubického kraje' */
  reporterName: string;
  reporterNumber: string | null;
  /** the unit the call is handed to (the event's base); null = the central dispatch */
  baseId: number | null;
  /** the handing-over text, e.g. what the caller said */
  description: string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** The KOPIS category (looked up by code) or the spec's 422. */
async function kopisCategory(deps: Deps) {
  const category = await categoryByCode(deps.db, CATEGORY_CODES.KOPIS);
  if (!category) {
    throw new HttpError(422, eventTexts.kopisTestFailed, [
      { field: 'eventCategoryId', message: eventTexts.kopisTestFailed },
    ]);
  }
  return category;
}

/** The event of a KOPIS call: state 0 with an alert, at the place, the header and overview the panel shows. */
function kopisValues(category: CategoryRow, call: KopisCall, title: string, now: Date, test: boolean): Values {
  const { place, incident } = call;
  return {
    ...NEW_EVENT_DEFAULTS,
    ...categoryDefaults(category),
    eventCategoryId: category.id,
    eventStateId: ALERT_STATE,
    eventStatusId: 1,
    eventTypeId: incident.eventTypeId,
    subject: title,
    description: call.description,
    address: place.address,
    addressData: { title: place.address, distance: 0 },
    reporterName: call.reporterName,
    ...(call.reporterNumber ? { reporterNumber: call.reporterNumber } : {}),
    targetLatitude: place.latitude,
    targetLongitude: place.longitude,
    start: now,
    startAt: now,
    header: {
      title: { value: title, class: 'text-error' },
      subtitle: { value: place.address, class: null },
      description: { value: call.description, class: null },
      overview: { value: `**${title}**\n\n${call.description}\n\n${place.address}`, class: 'markdown' },
    },
    alert: { title, subtitle: place.address, description: call.description },
    data: test ? { simulated: true } : { source: 'KOPIS' },
  };
}

/**
 * POST /v2/events/simulate/kopis: a test event of the KOPIS category (looked up by code), state 0 with an
 * alert, at a random railway place; no creating device, so the panel that asked gets the alert too.
 */
export async function simulateKopis(deps: Deps, auth: Auth): Promise<Event> {
  authorize(auth, 'create', 'Event');
  const category = await kopisCategory(deps);
  const incident = pick(KOPIS_INCIDENTS);
  const call: KopisCall = {
    incident,
    place: pick(KOPIS_PLACES),
    reporterName: 'KOPIS TEST',
    reporterNumber: null,
    baseId: auth.user.baseId,
    description: incident.description,
  };
  const now = new Date();
  const title = `TEST KOPIS – ${incident.subject}`;
  const values = kopisValues(category, call, title, now, true);
  const errors = checkEvent(category, values);
  if (errors.length) throw unprocessable(errors);
  const uuid = randomUUID();
  const { id } = await runCommand(deps, actorOf(auth), { type: 'event.simulate' }, async (tx, rec) => {
    const made = await insertEvent(
      tx,
      rec,
      auth,
      { uuid, category, values },
      {
        journalData: { simulated: 'KOPIS', subject: title, address: call.place.address },
        deviceId: null,
        codePrefix: 'KOPIS-T',
      },
    );
    await tx
      .update(events)
      .set({ uid: sql`${events.code}` })
      .where(eq(events.id, made.id));
    return made;
  });
  pushAlert(deps, id, 'alert');
  return presentOne(deps.db, auth, id);
}

/**
 * A call handed over by KOPIS arrives (the demo simulator's feed, demo/simulator/kopis.ts): the same event as
 * the test above — KOPIS category, state 0 with an alert, no creating device — but made by no user, owned by
 * the receiving unit, coded `KOPIS-{year}-{id}` and journaled `event.kopis`. Answers the new event's id.
 */
export async function receiveKopisCall(deps: Deps, call: KopisCall): Promise<number> {
  const category = await kopisCategory(deps);
  const now = new Date();
  const title = call.incident.subject;
  const values = kopisValues(category, call, title, now, false);
  const errors = checkEvent(category, values);
  if (errors.length) throw unprocessable(errors);
  const uuid = randomUUID();
  const origin = { user: { id: null, baseId: call.baseId }, deviceId: null };
  const { id } = await runCommand(deps, { userId: null, deviceId: null }, { type: 'event.kopis' }, async (tx, rec) => {
    const made = await insertEvent(
      tx,
      rec,
      origin,
      { uuid, category, values },
      {
        journalData: { source: 'KOPIS', reporterName: call.reporterName, subject: title, address: call.place.address },
        deviceId: null,
        codePrefix: 'KOPIS',
      },
    );
    await tx
      .update(events)
      .set({ uid: sql`${events.code}` })
      .where(eq(events.id, made.id));
    return made;
  });
  pushAlert(deps, id, 'alert');
  return id;
}

// ---------------------------------------------------------------- update
