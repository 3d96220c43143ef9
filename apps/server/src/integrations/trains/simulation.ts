/**
 * The simulated trains and special rail vehicles (MUV): a fleet made deterministically from the railway lines,
 * and positions as a pure function of the time, so every server node answers the same without shared state.
 *
 * Each train has a line, a direction, a start offset, a speed (60–140 km/h by kind) and a dwell at the ends; it
 * runs the line back and forth (ping-pong): run → dwell → run back → dwell. Numbers, carriers, engines, crews
 * and freight (dangerous goods with UN numbers on some Pn) come from a seeded PRNG per line and slot.
 */
import { toWireTime } from '@panel/domain/locale';
import { haversine } from '@panel/domain/map';
import { measure, pointAt, project, sliceLine, type LonLat, type MeasuredLine } from './geometry.js';
import type {
  SimTrain,
  SimulatedTrain as Train,
  SimulatedTrainFeature as TrainFeature,
  TrackFeature,
} from './types.js';

export interface NetworkLineInput {
  code: string;
  name: string;
  category: string;
  coordinates: readonly (readonly [number, number])[];
}

export interface NetworkStationInput {
  code: string;
  name: string;
  longitude: number;
  latitude: number;
}

export interface BaseInput {
  code: string;
  latitude: number;
  longitude: number;
}

export interface Stop {
  code: string | null;
  name: string;
  /** metres from the line's start */
  s: number;
}

export interface TrackLine extends MeasuredLine {
  code: string;
  name: string;
  category: string;
  /** stations on the line ordered by s; the first and the last are the line's ends */
  stops: Stop[];
}

export interface Network {
  lines: TrackLine[];
  bases: BaseInput[];
}

/** Stations within this distance of a line are its stops. */
const STOP_RADIUS_M = 400;

/** Builds the network: measured lines (≥ 2 km) with their stops. Deterministic for the same input. */
export function buildNetwork(
  lines: readonly NetworkLineInput[],
  stations: readonly NetworkStationInput[],
  bases: readonly BaseInput[] = [],
): Network {
  const out: TrackLine[] = [];
  for (const l of [...lines].sort((a, b) => a.code.localeCompare(b.code))) {
    if (l.coordinates.length < 2) continue;
    const m = measure(l.coordinates);
    if (m.length < 2000) continue;
    let minLon = Infinity;
    let minLat = Infinity;
    let maxLon = -Infinity;
    let maxLat = -Infinity;
    for (const [lon, lat] of m.coordinates) {
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
    }
    const stops: Stop[] = [];
    for (const st of stations) {
      if (st.longitude < minLon - 0.01 || st.longitude > maxLon + 0.01) continue;
      if (st.latitude < minLat - 0.01 || st.latitude > maxLat + 0.01) continue;
      const p = project(m, st.longitude, st.latitude, STOP_RADIUS_M);
      if (p) stops.push({ code: st.code, name: st.name, s: p.s });
    }
    stops.sort((a, b) => a.s - b.s || a.name.localeCompare(b.name, 'cs'));
    // one stop per name (a station projects onto a line once)
    const unique = stops.filter((st, i) => stops.findIndex((o) => o.name === st.name) === i);
    const names = l.name.split(/\s+[–-]\s+/);
    if (!unique.length || unique[0].s > 1500) unique.unshift({ code: null, name: names[0] ?? l.name, s: 0 });
    if (unique.at(-1)!.s < m.length - 1500) unique.push({ code: null, name: names.at(-1) ?? l.name, s: m.length });
    out.push({ ...m, code: l.code, name: l.name, category: l.category, stops: unique });
  }
  return { lines: out, bases: [...bases] };
}

// ---------------------------------------------------------------------------------------------------------------
// positions

export interface TrainState {
  /** metres from the line's start */
  s: number;
  /** the current (or just finished) run goes toward the line's end */
  forward: boolean;
  moving: boolean;
  /** metres done on the current run */
  progress: number;
  runStartMs: number;
  runEndMs: number;
}

/** Where a train is at `nowMs` on its line of `length` metres. Pure. */
export function trainStateAt(
  t: Pick<SimTrain, 'offset' | 'speed' | 'dwell' | 'direction' | 'halt'>,
  length: number,
  nowMs: number,
): TrainState {
  const run = length / t.speed;
  if (t.halt) {
    // stopped by an incident where it stands: its run started as long ago as it took to get there (anchored to
    // the hour, so the departure time does not creep with every call)
    const s = Math.min(length, Math.max(0, t.halt.s));
    const forward = t.direction === 1;
    const progress = forward ? s : length - s;
    const runStartMs = Math.floor(nowMs / 3_600_000) * 3_600_000 - (progress / t.speed) * 1000;
    return { s, forward, moving: false, progress, runStartMs, runEndMs: runStartMs + run * 1000 };
  }
  const period = 2 * (run + t.dwell);
  const clock = nowMs / 1000 + t.offset;
  const phase = ((clock % period) + period) % period;
  const periodStartMs = (clock - phase - t.offset) * 1000;
  let s: number;
  let forward: boolean;
  let moving: boolean;
  let runStart: number;
  if (phase < run) {
    s = t.speed * phase;
    forward = true;
    moving = true;
    runStart = 0;
  } else if (phase < run + t.dwell) {
    s = length;
    forward = true;
    moving = false;
    runStart = 0;
  } else if (phase < 2 * run + t.dwell) {
    s = length - t.speed * (phase - run - t.dwell);
    forward = false;
    moving = true;
    runStart = run + t.dwell;
  } else {
    s = 0;
    forward = false;
    moving = false;
    runStart = run + t.dwell;
  }
  if (t.direction === -1) {
    s = length - s;
    forward = !forward;
  }
  const progress = forward ? s : length - s;
  const runStartMs = periodStartMs + runStart * 1000;
  return { s, forward, moving, progress, runStartMs, runEndMs: runStartMs + run * 1000 };
}

function lastStop(line: TrackLine, state: TrainState): Stop {
  const stops = line.stops;
  if (state.forward) {
    let found = stops[0];
    for (const st of stops) if (st.s <= state.s + 1) found = st;
    return found;
  }
  let found = stops.at(-1)!;
  for (let i = stops.length - 1; i >= 0; i--) if (stops[i].s >= state.s - 1) found = stops[i];
  return found;
}

const ROUND3 = (v: number) => Math.round(v * 1000) / 1000;

/** The full Train (001 §3) of a simulated train at `nowMs`. */
export function trainAt(train: SimTrain, line: TrackLine, nowMs: number): Train {
  const st = trainStateAt(train, line.length, nowMs);
  const here = pointAt(line, st.s);
  const from = st.forward ? line.stops[0] : line.stops.at(-1)!;
  const to = st.forward ? line.stops.at(-1)! : line.stops[0];
  const hour = new Date(nowMs).getUTCHours() + 1;
  const load = hour >= 6 && hour <= 8 ? 0.9 : hour >= 15 && hour <= 17 ? 0.8 : hour < 5 || hour > 22 ? 0.15 : 0.45;
  const passengers =
    train.seats == null ? null : Math.round(train.seats * load * (0.7 + ((Number(train.number) * 7) % 30) / 100));
  const heading = st.forward ? here.bearing : (here.bearing + 180) % 360;
  return {
    title: `${train.kind} ${train.number}${train.name ? ` ${train.name}` : ''}`,
    dopravce: train.carrier,
    vychozi_stanice: from.name,
    cilova_stanice: to.name,
    vyskyt: lastStop(line, st).name,
    updated: toWireTime(new Date(nowMs)),
    delka: train.length,
    hmotnost: train.mass,
    vozy: train.cars,
    pocet_naprav: train.axles,
    pocet_cestujicich: passengers,
    train_engines: train.engines,
    kontakt: train.dispatcher,
    kontakty_vlakova_ceta: train.crew,
    druh_vlaku: train.kind,
    vlak_cislo: train.number,
    nazev: train.name,
    ziva: train.liveAnimals,
    nebezpecne_veci: train.dangerousGoods,
    mimoradna_zasilka: train.exceptional,
    mimoradnost: {
      vojenska_preprava: train.military,
      plm: train.outOfGauge,
      nv: train.dangerousGoods.length > 0,
      jina: null,
    },
    current_gps: here.point,
    begin_track_gps: pointAt(line, st.forward ? 0 : line.length).point,
    end_track_gps: pointAt(line, st.forward ? line.length : 0).point,
    traversed: ROUND3(st.progress / line.length),
    rychlost: st.moving ? Math.round(train.speed * 3.6) : 0,
    azimut: Math.round(heading * 10) / 10,
    odjezd: toWireTime(new Date(st.runStartMs)),
    prijezd: toWireTime(new Date(st.runEndMs)),
    trat: line.code,
  };
}

export function trainFeature(train: SimTrain, line: TrackLine, nowMs: number): TrainFeature {
  const properties = trainAt(train, line, nowMs);
  return {
    type: 'Feature',
    id: train.number,
    geometry: { type: 'Point', coordinates: properties.current_gps },
    properties: { ...properties, tr: train.number },
  };
}

/** The current run of a train as two LineStrings: travelled so far and still ahead. */
export function trackFeatures(train: SimTrain, line: TrackLine, nowMs: number): TrackFeature[] {
  const st = trainStateAt(train, line.length, nowMs);
  const title = `${train.kind} ${train.number}`;
  const start = st.forward ? 0 : line.length;
  const end = st.forward ? line.length : 0;
  const orient = (coords: LonLat[], from: number, to: number) => (from <= to ? coords : coords.reverse());
  return [
    {
      type: 'Feature',
      id: `${train.number}-traversed`,
      geometry: { type: 'LineString', coordinates: orient(sliceLine(line, start, st.s), start, st.s) },
      properties: { tr: train.number, title, part: 'traversed' },
    },
    {
      type: 'Feature',
      id: `${train.number}-ahead`,
      geometry: { type: 'LineString', coordinates: orient(sliceLine(line, st.s, end), st.s, end) },
      properties: { tr: train.number, title, part: 'ahead' },
    },
  ];
}

/** Metres between a train and a point at `nowMs`. */
export function trainDistanceTo(train: SimTrain, line: TrackLine, nowMs: number, lat: number, lon: number): number {
  const [plon, plat] = pointAt(line, trainStateAt(train, line.length, nowMs).s).point;
  return haversine([plon, plat], [lon, lat]);
}
