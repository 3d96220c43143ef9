/** Special rail vehicles (MUV) placed deterministically on the lines, with their creation time. */
import { SPECIAL_VEHICLE_ACTIVE_WINDOW } from '@panel/domain/constants';
import { toWireTime } from '@panel/domain/locale';
import { haversine } from '@panel/domain/map';
import { pointAt } from './geometry.js';
import type { MuvFeature } from './types.js';
import { between, prng } from './random.js';
import { trainStateAt, type BaseInput, type Network, type TrackLine } from './simulation.js';
// ---------------------------------------------------------------------------------------------------------------
// special rail vehicles (MUV)

export const MUV_COUNT = 25;

export interface SimMuv {
  id: string;
  name: string;
  typ: string;
  line: string;
  baseCode: string;
  /** minutes since the last report (< 60: active) */
  lagMinutes: number;
  /** metres per second while active; 0 parked */
  speed: number;
  offset: number;
  /** where an inactive vehicle is parked, share of the line */
  parkedAt: number;
}

const MUV_SERIES = ['MUV 74', 'MUV 69', 'MUV 75', 'MVTV 2', 'MPV'];

export function buildMuvs(network: Network, count = MUV_COUNT): SimMuv[] {
  const lines = [...network.lines].sort((a, b) => b.length - a.length || a.code.localeCompare(b.code)).slice(0, 40);
  if (!lines.length) return [];
  const out: SimMuv[] = [];
  for (let i = 0; i < count; i++) {
    const r = prng(`muv:${i}`);
    const line = lines[(i * 7) % lines.length];
    const typ = MUV_SERIES[i % MUV_SERIES.length];
    // two of three report within the hour; the rest last reported 1.5 h to 3 days ago
    const active = i % 3 !== 2;
    const mid = pointAt(line, line.length / 2).point;
    const base = nearestBase(network.bases, mid[1], mid[0]);
    out.push({
      id: `muv-${i + 1}`,
      name: `${typ} ${String(1 + ((i * 37) % 90)).padStart(3, '0')}`,
      typ,
      line: line.code,
      baseCode: base?.code ?? 'SŽ',
      lagMinutes: active ? between(r, 0, 50) : between(r, 90, 4300),
      speed: active ? between(r, 20, 60) / 3.6 : 0,
      offset: Math.floor(r() * 86_400),
      parkedAt: r(),
    });
  }
  return out;
}

function nearestBase(bases: readonly BaseInput[], lat: number, lon: number): BaseInput | null {
  let best: BaseInput | null = null;
  let bestD = Infinity;
  for (const b of bases) {
    const d = haversine([lon, lat], [b.longitude, b.latitude]);
    if (d < bestD) {
      bestD = d;
      best = b;
    }
  }
  return best;
}

export function muvFeature(muv: SimMuv, line: TrackLine, nowMs: number): MuvFeature {
  const createdMs = Math.floor((nowMs - muv.lagMinutes * 60_000) / 60_000) * 60_000;
  let s = muv.parkedAt * line.length;
  if (muv.speed > 0) {
    s = trainStateAt({ offset: muv.offset, speed: muv.speed, dwell: 600, direction: 1 }, line.length, createdMs).s;
  }
  const here = pointAt(line, s).point;
  return {
    type: 'Feature',
    id: muv.id,
    geometry: { type: 'Point', coordinates: here },
    properties: {
      id: muv.id,
      name: muv.name,
      typ: muv.typ,
      base_code: muv.baseCode,
      speed: Math.round(muv.speed * 3.6),
      created: toWireTime(new Date(createdMs)),
      active: nowMs - createdMs <= SPECIAL_VEHICLE_ACTIVE_WINDOW,
      line: line.code,
    },
  };
}
