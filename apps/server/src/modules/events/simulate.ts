/** The KOPIS simulation of the event view dialog: a test event of the KOPIS category in state 0. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ALERT_STATE, CATEGORY_CODES, NEW_EVENT_DEFAULTS } from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { events } from '../../db/schema/index.js';
import { HttpError, forbidden, unprocessable } from '../../errors.js';
import { runCommand } from '../../sync/commands.js';
import { actorOf, categoryByCode, presentOne, type Auth, type Deps } from './access.js';
import { eventTexts } from './texts.js';

import { type Values, checkEvent, categoryDefaults } from './fields.js';
import { insertEvent } from './create.js';

const KOPIS_PLACES = [
  { address: 'Praha hl.n., nástupiště 5', latitude: 50.0831, longitude: 14.4353 },
  { address: 'Brno hl.n., kolej 1', latitude: 49.1906, longitude: 16.6127 },
  { address: 'Ostrava-Svinov, zhlaví', latitude: 49.8209, longitude: 18.1935 },
  { address: 'Plzeň hl.n., kolej 4', latitude: 49.7434, longitude: 13.3879 },
  { address: 'Olomouc hl.n., nákladové nádraží', latitude: 49.5926, longitude: 17.2782 },
  { address: 'Pardubice hl.n., kolej 2', latitude: 50.0322, longitude: 15.7572 },
  { address: 'Česká Třebová, seřaďovací nádraží', latitude: 49.8984, longitude: 16.4493 },
  { address: 'Ústí nad Labem hl.n., kolej 3', latitude: 50.6597, longitude: 14.0446 },
];

const KOPIS_INCIDENTS = [
  { eventTypeId: 9, subject: 'Požár kolejového vozidla', description: 'Hlášen kouř z podvozku osobního vozu.' },
  { eventTypeId: 4, subject: 'Únik nebezpečné látky', description: 'Odkapávání z cisternového vozu, látka neznámá.' },
  { eventTypeId: 5, subject: 'Srážka vlaku s osobou', description: 'Strojvedoucí hlásí střet s osobou, vlak stojí.' },
  { eventTypeId: 6, subject: 'Vykolejení', description: 'Vykolejení nákladního vozu při posunu, bez zranění.' },
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/**
 * POST /v2/events/simulate/kopis: a test event of the KOPIS category (looked up by code), state 0 with an
 * alert, at a random railway place; no creating device, so the panel that asked gets the alert too.
 */
export async function simulateKopis(deps: Deps, auth: Auth): Promise<Event> {
  if (!auth.ability.can('create', 'Event')) throw forbidden();
  const category = await categoryByCode(deps.db, CATEGORY_CODES.KOPIS);
  if (!category)
    throw new HttpError(422, eventTexts.kopisTestFailed, [
      { field: 'eventCategoryId', message: eventTexts.kopisTestFailed },
    ]);
  const place = pick(KOPIS_PLACES);
  const incident = pick(KOPIS_INCIDENTS);
  const now = new Date();
  const title = `TEST KOPIS – ${incident.subject}`;
  const values: Values = {
    ...NEW_EVENT_DEFAULTS,
    ...categoryDefaults(category),
    eventCategoryId: category.id,
    eventStateId: ALERT_STATE,
    eventStatusId: 1,
    eventTypeId: incident.eventTypeId,
    subject: title,
    description: incident.description,
    address: place.address,
    addressData: { title: place.address, distance: 0 },
    reporterName: 'KOPIS TEST',
    targetLatitude: place.latitude,
    targetLongitude: place.longitude,
    start: now,
    startAt: now,
    header: {
      title: { value: title, class: 'text-error' },
      subtitle: { value: place.address, class: null },
      description: { value: incident.description, class: null },
      overview: { value: `**${title}**\n\n${incident.description}\n\n${place.address}`, class: 'markdown' },
    },
    alert: { title, subtitle: place.address, description: incident.description },
    data: { simulated: true },
  };
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
        journalData: { simulated: 'KOPIS', subject: title, address: place.address },
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
  return presentOne(deps.db, auth, id);
}

// ---------------------------------------------------------------- update
