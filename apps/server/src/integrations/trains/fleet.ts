/** The simulated fleet: trains made deterministically from the railway lines (numbers, carriers, engines, crews, freight). */
import type { DangerousGoods, SimTrain, TrainCrewContact, TrainEngine, TrainKind } from './types.js';

export type { SimTrain };
import { between, pick, prng } from './random.js';
import type { Network, TrackLine } from './simulation.js';
import { project } from './geometry.js';
// ---------------------------------------------------------------------------------------------------------------
// the fleet

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
export function buildFleet(network: Network, size = FLEET_SIZE, reserved: readonly string[] = []): SimTrain[] {
  const lines = fleetLines(network);
  if (!lines.length) return [];
  const total = lines.reduce((sum, l) => sum + l.length, 0);
  const counts = lines.map((l) => Math.max(1, Math.floor((size * l.length) / total)));
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < size; i = (i + 1) % lines.length) counts[i]++;
  const used = new Set<string>(reserved);
  const fleet: SimTrain[] = [];
  lines.forEach((line, li) => {
    for (let slot = 0; slot < counts[li] && fleet.length < size; slot++) fleet.push(makeTrain(line, slot, used));
  });
  return fleet;
}

// ---------------------------------------------------------------------------------------------------------------
// trains named on incidents

/** A train an incident names (an event's `trainNumber`), standing where the incident stopped it. */
export interface IncidentTrainSpec {
  number: string;
  kind: TrainKind;
  carrier: string;
  /** where the train stands: projected onto the nearest line within INCIDENT_LINE_RADIUS_M */
  latitude: number;
  longitude: number;
  /** 1: it was running toward its line's end */
  direction: 1 | -1;
}

/** An incident further than this from every line names no train of ours. */
export const INCIDENT_LINE_RADIUS_M = 15_000;

/**
 * The trains the demo events name (issue 14: the panel said 'poloha není známa' for them): Pn 47731 with the
 * burning locomotive in Praha-Libeň (line Praha – Kolín – … – Bohumín), Os 4911 stopped after hitting a person
 * at Brno-Židenice, Sp 1742 after the level-crossing collision at Olomouc-Nemilany. Each stands on the line
 * nearest to its incident — the events say the train stands — at the point nearest the incident place.
 */
export const INCIDENT_TRAINS: readonly IncidentTrainSpec[] = [
  { number: '47731', kind: 'Pn', carrier: 'ČD Cargo, a.s.', latitude: 50.1009, longitude: 14.4957, direction: 1 },
  { number: '4911', kind: 'Os', carrier: 'České dráhy, a.s.', latitude: 49.2043, longitude: 16.644, direction: -1 },
  { number: '1742', kind: 'Sp', carrier: 'České dráhy, a.s.', latitude: 49.5649, longitude: 17.2535, direction: 1 },
];

/** The incident trains on this network: made like the fleet's trains (same PRNG recipe), then halted. */
export function incidentTrains(network: Network, specs: readonly IncidentTrainSpec[] = INCIDENT_TRAINS): SimTrain[] {
  const out: SimTrain[] = [];
  for (const spec of specs) {
    let best: { line: TrackLine; s: number; d: number } | null = null;
    for (const line of network.lines) {
      const p = project(line, spec.longitude, spec.latitude, INCIDENT_LINE_RADIUS_M);
      if (p && (!best || p.d < best.d)) best = { line, s: p.s, d: p.d };
    }
    if (!best) continue;
    const made = makeTrain(best.line, 0, new Set());
    out.push(incidentVariant(made, spec, best.line.code, best.s));
  }
  return out;
}

function incidentVariant(base: SimTrain, spec: IncidentTrainSpec, line: string, s: number): SimTrain {
  const r = prng(`incident:${spec.number}`);
  const freight = spec.kind === 'Pn' || spec.kind === 'Nex';
  const [vmin, vmax] = SPEED_KMH[spec.kind];
  const cars = freight ? between(r, 18, 28) : spec.kind === 'Os' ? 2 : between(r, 3, 5);
  const engines = enginesOf(r, spec.kind, spec.carrier);
  const carLength = freight ? 16 : 25;
  return {
    ...base,
    number: spec.number,
    kind: spec.kind,
    carrier: spec.carrier,
    name: null,
    line,
    direction: spec.direction,
    speed: between(r, vmin, vmax) / 3.6,
    cars,
    length: Math.round(cars * carLength + engines.length * 19),
    mass: Math.round(cars * (freight ? between(r, 45, 80) : 48) + engines.length * 85),
    axles: cars * 4 + engines.length * 4,
    seats: freight ? null : cars * 110,
    engines,
    dangerousGoods: [],
    crew: [
      { funkce_na_vlaku_popis: 'Strojvedoucí', telefon: phone(r) },
      ...(freight ? [] : [{ funkce_na_vlaku_popis: 'Vlakvedoucí', telefon: phone(r) }]),
    ],
    halt: { s },
  };
}
