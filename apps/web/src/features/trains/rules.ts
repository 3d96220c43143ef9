/**
 * Pure rules of the train, special-vehicle, zone and route layers (001 §3, §4, §9): which trains the map
 * tracks, when a special rail vehicle is active, zone colours, labels.
 */
import { SPECIAL_VEHICLE_ACTIVE_WINDOW } from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import type { RouteAnswer, TrainProperties } from '../../api/trains';

/** The train number of a free text ('Pn 47731' → '47731'): the first run of 1–6 digits, else null. */
export function trainNumberOf(text: string | number | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const match = /\d{1,6}/.exec(String(text));
  return match ? match[0].replace(/^0+(?=\d)/, '') : null;
}

/** A tracked train and why: an active event's trainNumber, the search choice, or both. */
export interface TrackedTrain {
  tr: string;
  /** uuids of the events with this train */
  eventUuids: string[];
  fromSearch: boolean;
}

/**
 * The trains the map tracks: every active event with `data.trainNumber` (in the order of the events) and the
 * train chosen in the search; each number once.
 */
export function trackedTrains(
  events: readonly Pick<Event, 'uuid' | 'data'>[],
  searchTrain: string | null | undefined,
): TrackedTrain[] {
  const byNumber = new Map<string, TrackedTrain>();
  for (const event of events) {
    const tr = trainNumberOf(event.data?.trainNumber ?? null);
    if (!tr) continue;
    const hit = byNumber.get(tr);
    if (hit) hit.eventUuids.push(event.uuid);
    else byNumber.set(tr, { tr, eventUuids: [event.uuid], fromSearch: false });
  }
  const chosen = trainNumberOf(searchTrain);
  if (chosen) {
    const hit = byNumber.get(chosen);
    if (hit) hit.fromSearch = true;
    else byNumber.set(chosen, { tr: chosen, eventUuids: [], fromSearch: true });
  }
  return [...byNumber.values()];
}

/** A special rail vehicle is active when its last report (`created`, wire time) is within the last hour. */
export function isSpecialVehicleActive(created: string | null | undefined, now: Date): boolean {
  const at = fromWireTime(created);
  if (!at) return false;
  const age = now.getTime() - at.getTime();
  return age <= SPECIAL_VEHICLE_ACTIVE_WINDOW;
}

export interface ZoneLook {
  fill: string;
  stroke: string;
}

const ZONE_RGB: Record<string, [number, number, number]> = {
  blue: [30, 136, 229],
  green: [67, 160, 71],
  grey: [117, 117, 117],
  red: [229, 57, 53],
  violet: [142, 36, 170],
  white: [255, 255, 255],
  yellow: [253, 216, 53],
};
export const ZONE_FILL_ALPHA = 0.22;

/** The translucent fill and solid border of a zone colour; white gets a grey border, unknown colours grey. */
export function zoneLook(color: string | null | undefined): ZoneLook {
  const key = (color ?? '').toLowerCase();
  const rgb = ZONE_RGB[key] ?? ZONE_RGB.grey;
  const [r, g, b] = rgb;
  return {
    fill: `rgba(${r}, ${g}, ${b}, ${ZONE_FILL_ALPHA})`,
    stroke: key === 'white' ? 'rgb(144, 164, 174)' : `rgb(${r}, ${g}, ${b})`,
  };
}

/** The label of an estimated route: 'durationText · distanceText'. */
export function routeLabel(route: Pick<RouteAnswer, 'durationText' | 'distanceText'>): string {
  return [route.durationText, route.distanceText].filter(Boolean).join(' · ');
}

/** The label of a train: kind and number ('Os 4911'). */
export function trainLabel(train: Pick<TrainProperties, 'druh_vlaku' | 'vlak_cislo' | 'tr'>): string {
  return [train.druh_vlaku, train.vlak_cislo || train.tr].filter(Boolean).join(' ');
}

/** Dangerous goods on board: listed RID goods or the `nv` flag. */
export function hasDangerousGoods(train: Pick<TrainProperties, 'nebezpecne_veci' | 'mimoradnost'>): boolean {
  return (train.nebezpecne_veci?.length ?? 0) > 0 || Boolean(train.mimoradnost?.nv);
}

const FREIGHT_KINDS = new Set(['Pn', 'Nex']);
export const TRAIN_COLORS = {
  passenger: '#1565c0',
  freight: '#5d4037',
  dangerous: '#d50000',
} as const;

/** The marker colour of a train: dangerous goods red, freight brown, passenger blue. */
export function trainColor(train: Pick<TrainProperties, 'druh_vlaku' | 'nebezpecne_veci' | 'mimoradnost'>): string {
  if (hasDangerousGoods(train)) return TRAIN_COLORS.dangerous;
  return FREIGHT_KINDS.has(train.druh_vlaku) ? TRAIN_COLORS.freight : TRAIN_COLORS.passenger;
}

/** Jobs that get an estimated route: the event's jobs not at base (status 20). */
export function routedJobs<T extends { eventId: number; eventJobStatusId: number }>(
  jobs: readonly T[],
  eventId: number,
): T[] {
  return jobs.filter((j) => j.eventId === eventId && j.eventJobStatusId !== 20);
}
