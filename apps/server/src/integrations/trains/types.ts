/**
 * Wire shapes of the train calls as the integrations use them: the domain's (`@panel/domain/trains`, 001 §3
 * Train, §7) plus what only the simulation knows — it always has the fields GRAPP may leave null.
 */
import type { Train, TrainFeature } from '@panel/domain/trains';

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
