/**
 * Wire shapes of the train calls (001 §3 Train, §7 POST /train-location, /train-track, GET /v2/grapp/trains,
 * POST /muv-location). Field names are the railway service's (Czech, snake_case), as the panel reads them.
 * `null` means "the source does not say" (GRAPP gives number, name, position and angle; its detail page carrier,
 * stations and delay; nothing of composition, crew or cargo): the card shows it as unknown, never a made-up value.
 */
import type { LonLat } from './geometry.js';

export interface TrainEngine {
  /** 'Vedoucí', 'Postrková', 'Vložená', 'Řídicí vůz' */
  funkce_hv_popis: string;
  /** locomotive / unit number, e.g. '380.004-8' */
  title: string;
}

export interface TrainCrewContact {
  /** 'Strojvedoucí', 'Vlakvedoucí', 'Průvodčí' */
  funkce_na_vlaku_popis: string;
  telefon: string;
}

export interface DangerousGoods {
  /** UN number, e.g. '1203' */
  un: string;
  nazev: string;
  /** RID class */
  trida: string;
  /** Kemler code (hazard identification number) */
  kemler: string;
}

export interface Train {
  /** 'Ex 143 Ostravan' */
  title: string;
  dopravce: string | null;
  vychozi_stanice: string | null;
  cilova_stanice: string | null;
  /** the last station passed (or where the train stands) */
  vyskyt: string | null;
  /** wire time of this position */
  updated: string | null;
  /** metres */
  delka: number | null;
  /** tonnes */
  hmotnost: number | null;
  vozy: number | null;
  pocet_naprav: number | null;
  /** null for freight trains */
  pocet_cestujicich: number | null;
  train_engines: TrainEngine[];
  /** phone of the responsible dispatcher, or null */
  kontakt: string | null;
  /** empty: the card shows 'Kontakty nejsou k dispozici' */
  kontakty_vlakova_ceta: TrainCrewContact[];
  /** Ex, R, Os, Sp, Nex, Pn */
  druh_vlaku: TrainKind | (string & {});
  vlak_cislo: string;
  nazev: string | null;
  /** live animals on board */
  ziva: boolean | null;
  /** RID goods; empty when none, null when unknown */
  nebezpecne_veci: DangerousGoods[] | null;
  mimoradna_zasilka: boolean | null;
  mimoradnost: { vojenska_preprava: boolean; plm: boolean; nv: boolean; jina: string | null } | null;
  current_gps: LonLat;
  begin_track_gps: LonLat | null;
  end_track_gps: LonLat | null;
  /** share of the current run done, 0–1 */
  traversed: number | null;
  // ours, for the map symbol and the search
  /** km/h now (0 standing) */
  rychlost: number | null;
  /** degrees from north; null: the source gives no direction (GRAPP's Angle -32768) */
  azimut: number | null;
  /** minutes behind the timetable (negative: ahead); absent/null when unknown */
  zpozdeni?: number | null;
  /** wire times of the current run's departure and (expected) arrival */
  odjezd: string | null;
  prijezd: string | null;
  /** the railway line (railway_lines.code) */
  trat: string | null;
}

export type TrainKind = 'Ex' | 'R' | 'Os' | 'Sp' | 'Nex' | 'Pn';

export interface TrainFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: LonLat };
  properties: Train & { tr: string };
}

export interface TrackFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'LineString'; coordinates: LonLat[] };
  /** part 'traversed' (from the run's start to the train) or 'ahead' (from the train to the run's end) */
  properties: { tr: string; title: string; part: 'traversed' | 'ahead' };
}

export interface MuvFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: LonLat };
  properties: {
    id: string;
    /** 'MUV 74.012' */
    name: string;
    /** vehicle series */
    typ: string;
    /** the HZS SŽ unit it belongs to (base code) */
    base_code: string;
    /** km/h at the last report */
    speed: number;
    /** wire time of the last report */
    created: string;
    /** reported within SPECIAL_VEHICLE_ACTIVE_WINDOW */
    active: boolean;
    /** railway_lines.code */
    line: string;
  };
}

export interface FeatureCollectionOf<F> {
  features: F[];
}

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
