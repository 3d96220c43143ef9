/**
 * The simulated trains and special rail vehicles (MUV): a fleet made deterministically from the railway lines,
 * and positions as a pure function of the time, so every server node answers the same without shared state.
 *
 * Each train has a line, a direction, a start offset, a speed (60–140 km/h by kind) and a dwell at the ends; it
 * runs the line back and forth (ping-pong): run → dwell → run back → dwell. Numbers, carriers, engines, crews
 * and freight (dangerous goods with UN numbers on some Pn) come from a seeded PRNG per line and slot.
 */
import { SPECIAL_VEHICLE_ACTIVE_WINDOW } from '@panel/domain/constants';
import { toWireTime } from '@panel/domain/locale';
import { distanceMeters } from '@panel/domain/map';
import { measure, pointAt, project, sliceLine, type LonLat, type MeasuredLine } from './geometry.js';
import type {
  DangerousGoods,
  MuvFeature,
  TrackFeature,
  Train,
  TrainCrewContact,
  TrainEngine,
  TrainFeature,
  TrainKind,
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
// deterministic randomness

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32 */
export function prng(seed: string): () => number {
  let a = hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length) % list.length];
const between = (r: () => number, min: number, max: number) => min + Math.floor(r() * (max - min + 1));

// ---------------------------------------------------------------------------------------------------------------
// the fleet

export interface SimTrain {
  number: string;
  kind: TrainKind;
  carrier: string;
  name: string | null;
  line: string;
  /** 1: the first run goes from the line's start; -1: from its end */
  direction: 1 | -1;
  /** seconds added to the clock (spreads trains along their lines) */
  offset: number;
  /** metres per second */
  speed: number;
  /** seconds standing at each end */
  dwell: number;
  cars: number;
  length: number;
  mass: number;
  axles: number;
  seats: number | null;
  engines: TrainEngine[];
  dispatcher: string | null;
  crew: TrainCrewContact[];
  dangerousGoods: DangerousGoods[];
  liveAnimals: boolean;
  exceptional: boolean;
  military: boolean;
  outOfGauge: boolean;
}

export const FLEET_SIZE = 60;

const KIND_PLAN: Record<'main' | 'regional', readonly TrainKind[]> = {
  main: ['Ex', 'R', 'Os', 'Pn', 'R', 'Nex', 'Os', 'Ex', 'Sp', 'Pn'],
  regional: ['Os', 'Sp', 'Pn', 'Os', 'R'],
};

const SPEED_KMH: Record<TrainKind, [number, number]> = {
  Ex: [115, 140],
  R: [90, 120],
  Sp: [75, 100],
  Os: [60, 80],
  Nex: [80, 100],
  Pn: [60, 80],
};

const NUMBER_RANGE: Record<TrainKind, [number, number]> = {
  Ex: [101, 599],
  R: [601, 1199],
  Sp: [1201, 1999],
  Os: [2001, 9999],
  Nex: [40001, 49999],
  Pn: [50001, 69999],
};

const NAMES = [
  'Ostravan',
  'Hutník',
  'Jan Perner',
  'Krakonoš',
  'Šumava',
  'Západní expres',
  'Vltava',
  'Opavan',
  'Bečva',
  'Rožmberk',
  'Hradčany',
  'Praděd',
  'Slovácko',
  'Jizera',
  'Brněnský drak',
];

const DANGEROUS: readonly DangerousGoods[] = [
  { un: '1203', nazev: 'Benzín', trida: '3', kemler: '33' },
  { un: '1202', nazev: 'Motorová nafta', trida: '3', kemler: '30' },
  { un: '1965', nazev: 'Směs uhlovodíkových plynů, zkapalněná (LPG)', trida: '2', kemler: '23' },
  { un: '1005', nazev: 'Amoniak, bezvodý', trida: '2', kemler: '268' },
  { un: '1017', nazev: 'Chlor', trida: '2', kemler: '265' },
  { un: '1830', nazev: 'Kyselina sírová', trida: '8', kemler: '80' },
  { un: '1789', nazev: 'Kyselina chlorovodíková', trida: '8', kemler: '80' },
  { un: '1230', nazev: 'Methanol', trida: '3', kemler: '336' },
  { un: '2055', nazev: 'Styren, monomerní, stabilizovaný', trida: '3', kemler: '39' },
  { un: '1267', nazev: 'Ropa surová', trida: '3', kemler: '33' },
];

function carrierOf(r: () => number, kind: TrainKind): string {
  const x = r();
  switch (kind) {
    case 'Ex':
      return x < 0.7 ? 'České dráhy, a.s.' : 'RegioJet a.s.';
    case 'R':
      return x < 0.6 ? 'České dráhy, a.s.' : x < 0.8 ? 'RegioJet a.s.' : 'Leo Express s.r.o.';
    case 'Os':
    case 'Sp':
      return 'České dráhy, a.s.';
    case 'Nex':
      return x < 0.5 ? 'METRANS Rail s.r.o.' : 'ČD Cargo, a.s.';
    case 'Pn':
      return x < 0.7 ? 'ČD Cargo, a.s.' : 'METRANS Rail s.r.o.';
  }
}

function enginesOf(r: () => number, kind: TrainKind, carrier: string): TrainEngine[] {
  const n = (series: string, max: number) => {
    const k = between(r, 1, max);
    return `${series}.${String(k).padStart(3, '0')}-${k % 10}`;
  };
  if (carrier.startsWith('RegioJet')) return [{ funkce_hv_popis: 'Vedoucí', title: n('193', 250) }];
  if (carrier.startsWith('Leo')) return [{ funkce_hv_popis: 'Vedoucí', title: n('480', 5) }];
  if (carrier.startsWith('METRANS')) return [{ funkce_hv_popis: 'Vedoucí', title: n('383', 20) }];
  switch (kind) {
    case 'Ex':
      return [{ funkce_hv_popis: 'Vedoucí', title: pick(r, [n('380', 20), n('151', 30), n('680', 7)]) }];
    case 'R':
      return [{ funkce_hv_popis: 'Vedoucí', title: pick(r, [n('362', 160), n('242', 280), n('754', 80)]) }];
    case 'Os':
    case 'Sp':
      return [
        { funkce_hv_popis: 'Vedoucí', title: pick(r, [n('814', 230), n('844', 31), n('650', 20), n('471', 83)]) },
      ];
    case 'Nex':
    case 'Pn': {
      const lead = { funkce_hv_popis: 'Vedoucí', title: pick(r, [n('363', 170), n('163', 250), n('130', 40)]) };
      return r() < 0.25 ? [lead, { funkce_hv_popis: 'Postrková', title: n('753', 300) }] : [lead];
    }
  }
}

const phone = (r: () => number) => `+420 972 ${between(r, 200, 799)} ${String(between(r, 0, 999)).padStart(3, '0')}`;

function makeTrain(line: TrackLine, slot: number, used: Set<string>): SimTrain {
  const r = prng(`${line.code}:${slot}`);
  const plan = KIND_PLAN[line.category === 'main' ? 'main' : 'regional'];
  const kind = plan[slot % plan.length];
  const [lo, hi] = NUMBER_RANGE[kind];
  let num = between(r, lo, hi);
  while (used.has(String(num))) num = num >= hi ? lo : num + 1;
  used.add(String(num));
  const carrier = carrierOf(r, kind);
  const freight = kind === 'Pn' || kind === 'Nex';
  const [vmin, vmax] = SPEED_KMH[kind];
  const speedKmh = between(r, vmin, vmax);
  const cars = freight
    ? between(r, 18, 32)
    : kind === 'Ex'
      ? between(r, 7, 11)
      : kind === 'R'
        ? between(r, 5, 8)
        : between(r, 1, 3);
  const carLength = freight ? 16 : kind === 'Os' || kind === 'Sp' ? 25 : 26.4;
  const engines = enginesOf(r, kind, carrier);
  const dangerousGoods: DangerousGoods[] = [];
  if (kind === 'Pn' && r() < 0.45) {
    const first = pick(r, DANGEROUS);
    dangerousGoods.push(first);
    const second = pick(r, DANGEROUS);
    if (r() < 0.4 && second.un !== first.un) dangerousGoods.push(second);
  }
  const crew: TrainCrewContact[] =
    r() < 0.2
      ? []
      : [
          { funkce_na_vlaku_popis: 'Strojvedoucí', telefon: phone(r) },
          ...(freight ? [] : [{ funkce_na_vlaku_popis: 'Vlakvedoucí', telefon: phone(r) }]),
        ];
  return {
    number: String(num),
    kind,
    carrier,
    name: (kind === 'Ex' || kind === 'R') && r() < 0.5 ? pick(r, NAMES) : null,
    line: line.code,
    direction: r() < 0.5 ? 1 : -1,
    offset: Math.floor(r() * 86_400),
    speed: speedKmh / 3.6,
    dwell: freight ? between(r, 900, 2400) : between(r, 300, 1200),
    cars,
    length: Math.round(cars * carLength + engines.length * 19),
    mass: Math.round(cars * (freight ? between(r, 45, 80) : 48) + engines.length * 85),
    axles: cars * 4 + engines.length * 4,
    seats: freight ? null : cars * (kind === 'Os' || kind === 'Sp' ? 110 : 64),
    engines,
    dispatcher: crew.length ? phone(r) : null,
    crew,
    dangerousGoods,
    liveAnimals: freight && r() < 0.04,
    exceptional: freight && r() < 0.08,
    military: freight && r() < 0.05,
    outOfGauge: freight && r() < 0.05,
  };
}

/** The lines trains run on: main lines first, then the longest, at most 24. */
export function fleetLines(network: Network): TrackLine[] {
  return [...network.lines]
    .filter((l) => l.length >= 15_000)
    .sort(
      (a, b) =>
        Number(b.category === 'main') - Number(a.category === 'main') ||
        b.length - a.length ||
        a.code.localeCompare(b.code),
    )
    .slice(0, 24);
}

/** ~60 trains spread over the fleet lines in proportion to their length (at least one per line). */
export function buildFleet(network: Network, size = FLEET_SIZE): SimTrain[] {
  const lines = fleetLines(network);
  if (!lines.length) return [];
  const total = lines.reduce((sum, l) => sum + l.length, 0);
  const counts = lines.map((l) => Math.max(1, Math.floor((size * l.length) / total)));
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < size; i = (i + 1) % lines.length) counts[i]++;
  const used = new Set<string>();
  const fleet: SimTrain[] = [];
  lines.forEach((line, li) => {
    for (let slot = 0; slot < counts[li] && fleet.length < size; slot++) fleet.push(makeTrain(line, slot, used));
  });
  return fleet;
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
  t: Pick<SimTrain, 'offset' | 'speed' | 'dwell' | 'direction'>,
  length: number,
  nowMs: number,
): TrainState {
  const run = length / t.speed;
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
  return distanceMeters(plat, plon, lat, lon);
}

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
    const d = distanceMeters(lat, lon, b.latitude, b.longitude);
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
