/**
 * Why the position ingest refuses a position (issue 14 item 2). A refused position is counted (per reason and
 * per device) and never becomes a vehicle's current one. A duplicate is not a refusal: it is ignored.
 */
import { z } from 'zod';

export const POSITION_REFUSALS = [
  'outsideBounds',
  'future',
  'outOfOrder',
  'inaccurate',
  'unknownDevice',
  'revokedDevice',
] as const;

export const positionRefusalSchema = z.enum(POSITION_REFUSALS);
export type PositionRefusal = z.infer<typeof positionRefusalSchema>;

/** Czech reasons (ours: the spec has no texts for the ingest). */
export const positionRefusalTexts: Record<PositionRefusal, string> = {
  outsideBounds: 'Poloha leží mimo území České republiky.',
  future: 'Čas polohy je v budoucnosti.',
  outOfOrder: 'Poloha není novější než aktuální poloha.',
  inaccurate: 'Přesnost polohy je horší než povolený limit.',
  unknownDevice: 'Neznámé zařízení nebo neplatný klíč.',
  revokedDevice: 'Klíč zařízení byl zneplatněn.',
};

/** Counters as the ingest exposes them (per process). */
export interface PositionCounters {
  accepted: number;
  duplicates: number;
  refused: Record<PositionRefusal, number>;
}

export const emptyRefusalCounts = (): Record<PositionRefusal, number> =>
  Object.fromEntries(POSITION_REFUSALS.map((r) => [r, 0])) as Record<PositionRefusal, number>;
