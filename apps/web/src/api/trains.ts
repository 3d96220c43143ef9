/**
 * Trains, special rail vehicles, intervention zones and estimated routes (API.md "Map data, search and trains
 * (issue 6)" and "Map services (issue 6)"). Coordinates are WGS84 [lon, lat].
 */
import { api } from './client';

export type LonLat = [number, number];

/** null: the service does not say (GRAPP gives number, name, position, angle; composition, crew, cargo never). */
export interface TrainProperties {
  tr: string;
  title: string;
  dopravce: string | null;
  vychozi_stanice: string | null;
  cilova_stanice: string | null;
  vyskyt: string | null;
  updated: string | null;
  delka: number | null;
  hmotnost: number | null;
  vozy: number | null;
  pocet_naprav: number | null;
  pocet_cestujicich: number | null;
  train_engines: { funkce_hv_popis: string; title: string }[];
  kontakt: string | null;
  kontakty_vlakova_ceta: { funkce_na_vlaku_popis: string; telefon: string }[];
  druh_vlaku: string;
  vlak_cislo: string;
  nazev: string | null;
  ziva: boolean | null;
  nebezpecne_veci: { un: string; nazev: string; trida: string; kemler: string }[] | null;
  mimoradna_zasilka: boolean | null;
  mimoradnost: { vojenska_preprava: boolean; plm: boolean; nv: boolean; jina: string | null } | null;
  current_gps: LonLat;
  begin_track_gps: LonLat | null;
  end_track_gps: LonLat | null;
  traversed: number | null;
  rychlost?: number | null;
  azimut?: number | null;
  /** minutes behind the timetable (negative: ahead) */
  zpozdeni?: number | null;
  odjezd?: string | null;
  prijezd?: string | null;
  trat?: string | null;
}

export interface TrainFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: LonLat };
  properties: TrainProperties;
}

export interface TrackFeature {
  type: 'Feature';
  id?: string;
  geometry: { type: 'LineString'; coordinates: LonLat[] };
  properties: { tr: string; title: string; part: 'traversed' | 'ahead' };
}

export interface MuvFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: LonLat };
  properties: {
    id: string;
    name: string;
    typ?: string;
    base_code?: string;
    speed?: number;
    created: string;
    active?: boolean;
    line?: string;
  };
}

export type ZoneColor = 'blue' | 'green' | 'grey' | 'red' | 'violet' | 'white' | 'yellow';

export interface ZoneFeature {
  type: 'Feature';
  id: number | string;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
  properties: { baseId: number; name: string; code: string; color: ZoneColor | string };
}

export interface UnitPointFeature {
  type: 'Feature';
  id: number | string;
  geometry: { type: 'Point'; coordinates: LonLat };
  properties: { baseId: number; name: string; code: string };
}

export interface RouteAnswer {
  route: { type: 'LineString'; coordinates: LonLat[] };
  durationText: string;
  distanceText: string;
  distance: number;
  duration: number;
}

/** POST /train-location {TR}: that train now (empty when unknown). */
export const fetchTrainLocation = (tr: string) =>
  api.post<{ features: TrainFeature[]; tr: string | null }>('/train-location', { TR: tr });

/** POST /train-track {TR: [...]}: per train the traversed and the ahead part. */
export const fetchTrainTrack = (trs: string[]) => api.post<{ features: TrackFeature[] }>('/train-track', { TR: trs });

/** GET /v2/grapp/trains/{token}: every train (token null) or those that moved since the token. */
export const fetchTrainFeed = (token: string | null) =>
  api.get<{ token: string | number | null; features: TrainFeature[] }>(
    `/v2/grapp/trains/${token === null ? 'null' : encodeURIComponent(token)}`,
    { key: 'grapp-trains' },
  );

/** POST /muv-location: the special rail vehicles. */
export const fetchSpecialVehicles = () => api.post<{ features: MuvFeature[] }>('/muv-location');

export const fetchZones = () => api.get<{ features: ZoneFeature[] }>('/jpo-area');
export const fetchUnitPoints = () => api.get<{ features: UnitPointFeature[] }>('/jpo-point');

export const fetchJobRoute = (jobId: number) => api.get<RouteAnswer>(`/v2/routes/event-job/${jobId}`);
export const fetchBaseRoute = (baseId: number, eventId: number) =>
  api.get<RouteAnswer>(`/v2/routes/base/${baseId}?eventId=${eventId}`, { key: `route-base-${baseId}-${eventId}` });
