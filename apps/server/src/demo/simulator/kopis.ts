/**
 * The KOPIS feed of the living demo: every few minutes (default 4–7, `SIMULATE_KOPIS_MINUTES`) the regional
 * operations centre of the fire service (KOPIS HZS kraje) hands over a railway incident at a demo station. It
 * arrives through `receiveKopisCall` (modules/events/simulate.ts) — the same event the KOPIS category's test
 * makes: state 0 with an alert, owned by the unit nearest the place, so the alert flow runs on the panels of
 * that unit and the central dispatch. While `MAX_WAITING` of them wait unaccepted, no new one comes (an
 * unattended demo does not pile up alerts).
 */
import type { KopisCall } from '../../modules/events/simulate.js';
import { DEMO_STATIONS } from '../railwayNetwork.js';
import { distance, uniform, type LonLat, type Rand } from './movement.js';

export const DEFAULT_KOPIS_MINUTES: readonly [number, number] = [4, 7];
export const MAX_WAITING = 5;

/** Incidents a KOPIS hands over on a railway: event type (catalogue EVENT_TYPES), subject, what the caller said. */
export const KOPIS_CALLS: readonly { eventTypeId: number; subject: string; texts: readonly string[] }[] = [
  {
    eventTypeId: 9,
    subject: 'Požár kolejového vozidla',
    texts: [
      'Oznamovatel vidí hustý kouř z podvozku osobního vozu stojícího vlaku.',
      'Strojvedoucí hlásí požár v strojovně lokomotivy, vlak zastaven.',
    ],
  },
  {
    eventTypeId: 4,
    subject: 'Únik nebezpečné látky',
    texts: [
      'Z cisternového vozu odkapává neznámá kapalina, cítit zápach.',
      'Únik nafty z palivové nádrže motorového vozu, skvrna na kolejišti.',
    ],
  },
  {
    eventTypeId: 5,
    subject: 'Srážka vlaku s osobou',
    texts: ['Strojvedoucí hlásí střet s osobou, vlak stojí, ZZS vyrozuměna.'],
  },
  {
    eventTypeId: 8,
    subject: 'Střet vlaku s vozidlem na přejezdu',
    texts: ['Osobní automobil zůstal stát na přejezdu, střet s vlakem, řidič zraněn.'],
  },
  {
    eventTypeId: 6,
    subject: 'Vykolejení',
    texts: ['Při posunu vykolejil nákladní vůz, bez zranění, kolej neprůjezdná.'],
  },
  {
    eventTypeId: 1,
    subject: 'Požár travního porostu u trati',
    texts: ['Hoří travní porost podél trati, oheň se šíří k náspu.', 'Kouř z náspu u trati, zřejmě od jisker brzd.'],
  },
  {
    eventTypeId: 2,
    subject: 'Strom v trakčním vedení',
    texts: ['Po větru spadl strom do trakčního vedení, vedení jiskří.'],
  },
];

/** The regional operations centres by region (the seed's contacts name Prague's and Moravia-Silesia's numbers). */
const KOPIS_OF_REGION: Record<string, { name: string; number: string | null }> = {
  'Hlavní město Praha': { name: 'KOPIS HZS hl. m. Prahy', number: '950850150' },
  'Středočeský kraj': { name: 'KOPIS HZS Středočeského kraje', number: null },
  'Jihočeský kraj': { name: 'KOPIS HZS Jihočeského kraje', number: null },
  'Plzeňský kraj': { name: 'KOPIS HZS Plzeňského kraje', number: null },
  'Karlovarský kraj': { name: 'KOPIS HZS Karlovarského kraje', number: null },
  'Ústecký kraj': { name: 'KOPIS HZS Ústeckého kraje', number: null },
  'Liberecký kraj': { name: 'KOPIS HZS Libereckého kraje', number: null },
  'Královehradecký kraj': { name: 'KOPIS HZS Královéhradeckého kraje', number: null },
  'Pardubický kraj': { name: 'KOPIS HZS Pardubického kraje', number: null },
  'Kraj Vysočina': { name: 'KOPIS HZS kraje Vysočina', number: null },
  'Jihomoravský kraj': { name: 'KOPIS HZS Jihomoravského kraje', number: null },
  'Olomoucký kraj': { name: 'KOPIS HZS Olomouckého kraje', number: null },
  'Zlínský kraj': { name: 'KOPIS HZS Zlínského kraje', number: null },
  'Moravskoslezský kraj': { name: 'KOPIS HZS MSK', number: '950730150' },
};

const WHERE = ['kolej 1', 'kolej 2', 'kolej 3', 'kolej 5', 'zhlaví', 'nákladové nádraží', 'nástupiště 2'];

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length) % list.length];

export interface KopisBase {
  id: number;
  categoryId: number | null;
  position: [number, number] | null;
}

/** The next call: a demo station, an incident, the region's KOPIS; handed to the nearest unit (category 1). */
export function nextKopisCall(rand: Rand, unitBases: readonly KopisBase[]): KopisCall {
  const station = pick(rand, DEMO_STATIONS);
  const incident = pick(rand, KOPIS_CALLS);
  const text = pick(rand, incident.texts);
  const kopis = KOPIS_OF_REGION[station.region] ?? { name: `KOPIS HZS (${station.region})`, number: null };
  // a few hundred metres around the station building: the incident is somewhere in the station's tracks
  const latitude = +(station.latitude + uniform(rand, -0.002, 0.002)).toFixed(6);
  const longitude = +(station.longitude + uniform(rand, -0.003, 0.003)).toFixed(6);
  const here: LonLat = [longitude, latitude];
  let nearest: KopisBase | null = null;
  for (const b of unitBases) {
    if (b.categoryId !== 1 || !b.position) continue;
    if (!nearest || distance(here, b.position) < distance(here, nearest.position!)) nearest = b;
  }
  return {
    incident: { eventTypeId: incident.eventTypeId, subject: incident.subject, description: text },
    place: { address: `${station.name}, ${pick(rand, WHERE)}`, latitude, longitude },
    reporterName: kopis.name,
    reporterNumber: kopis.number,
    baseId: nearest?.id ?? null,
    description: `Předání události z KOPIS: ${text}`,
  };
}

/** Minutes until the next call: uniform in the configured window. */
export const kopisDelayMs = (rand: Rand, minutes: readonly [number, number]) =>
  Math.round(uniform(rand, minutes[0], minutes[1]) * 60_000);
