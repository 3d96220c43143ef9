/**
 * Wire shapes of the train calls as the integrations use them: the domain's (`@panel/domain/trains`, 001 §3
 * Train, §7) plus what only the simulation knows — it always has the fields GRAPP may leave null.
 */
import type {
  DangerousGoods,
  MuvFeature,
  TrackFeature,
  Train,
  TrainCrewContact,
  TrainEngine,
  TrainFeature,
  TrainKind,
} from '@panel/domain/trains';

/** Our wire shapes are the domain's schemas (one set for server and web, issue 16); the integrations import them here. */
export type {
  DangerousGoods,
  MuvFeature,
  TrackFeature,
  Train,
  TrainCrewContact,
  TrainEngine,
  TrainFeature,
  TrainKind,
} from '@panel/domain/trains';

/** The fields the simulation always knows (GRAPP does not): null there only where the spec allows it. */
type SimulatedKnown =
  | 'dopravce'
  | 'vychozi_stanice'
  | 'cilova_stanice'
  | 'vyskyt'
  | 'updated'
  | 'delka'
  | 'hmotnost'
  | 'vozy'
  | 'pocet_naprav'
  | 'ziva'
  | 'nebezpecne_veci'
  | 'mimoradna_zasilka'
  | 'mimoradnost'
  | 'begin_track_gps'
  | 'end_track_gps'
  | 'traversed'
  | 'rychlost'
  | 'azimut'
  | 'odjezd'
  | 'prijezd'
  | 'trat';

export type SimulatedTrain = Omit<Train, SimulatedKnown> & { [K in SimulatedKnown]-?: NonNullable<Train[K]> };

export interface SimulatedTrainFeature extends Omit<TrainFeature, 'properties'> {
  properties: SimulatedTrain & { tr: string };
}

/** A train of the simulated fleet (fleet.ts builds them, simulation.ts moves them). */
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
  /** a train that stands where an incident stopped it (metres from its line's start); see incidentTrains */
  halt?: { s: number };
}

export interface TrainLocationQuery {
  /** one train number */
  TR?: string;
  /** wire times of a window */
  CasOd?: string;
  CasDo?: string;
  VlakCislo?: string;
  /** SR70 code or name of an operating point */
  DopravniBod?: string;
  RealTime?: boolean;
}

export interface TrainsProvider {
  readonly kind: 'simulation' | 'grapp' | 'spec';
  location(query: TrainLocationQuery, nowMs: number): Promise<{ features: TrainFeature[]; tr: string | null }>;
  track(numbers: string[], nowMs: number): Promise<{ features: TrackFeature[] }>;
  feed(token: string | null, nowMs: number): Promise<{ token: string; features: TrainFeature[] }>;
  muv(nowMs: number): Promise<{ features: MuvFeature[] }>;
  /** trains whose number starts with (else contains) the digits, exact first, then by number */
  search(digits: string, nowMs: number): Promise<TrainFeature[]>;
}
