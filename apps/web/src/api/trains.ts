/**
 * Trains, special rail vehicles, intervention zones and estimated routes (API.md "Map data, search and trains
 * (issue 6)" and "Map services (issue 6)"). Coordinates are WGS84 [lon, lat].
 */
import type { JpoAnswer, LonLat, RouteAnswer } from '@panel/domain/map';
import type {
  MuvAnswer,
  TrainFeedAnswer,
  TrainLocationAnswer,
  TrainLocationBody,
  TrainTrackAnswer,
  TrainTrackBody,
} from '@panel/domain/trains';
import { api } from './client';

/** The train wire shapes are the domain's schemas (one set for server and web). */
export type { MuvFeature, TrackFeature, TrainFeature, TrainProperties } from '@panel/domain/trains';
export type { LonLat };
/** Zones and unit points (GET /jpo-area, /jpo-point) and the estimated routes are the map services' schemas. */
export type { JpoFeature, RouteAnswer } from '@panel/domain/map';

/** POST /train-location {TR}: that train now (empty when unknown). */
export const fetchTrainLocation = (tr: string) =>
  api.post<TrainLocationAnswer>('/train-location', { TR: tr } satisfies TrainLocationBody);

/** POST /train-track {TR: [...]}: per train the traversed and the ahead part. */
export const fetchTrainTrack = (trs: string[]) =>
  api.post<TrainTrackAnswer>('/train-track', { TR: trs } satisfies TrainTrackBody);

/** GET /v2/grapp/trains/{token}: every train (token null) or those that moved since the token. */
export const fetchTrainFeed = (token: string | null) =>
  api.get<TrainFeedAnswer>(`/v2/grapp/trains/${token === null ? 'null' : encodeURIComponent(token)}`, {
    key: 'grapp-trains',
  });

/** POST /muv-location: the special rail vehicles. */
export const fetchSpecialVehicles = () => api.post<MuvAnswer>('/muv-location');

export const fetchZones = () => api.get<JpoAnswer>('/jpo-area');
export const fetchUnitPoints = () => api.get<JpoAnswer>('/jpo-point');

export const fetchJobRoute = (jobId: number) => api.get<RouteAnswer>(`/v2/routes/event-job/${jobId}`);
export const fetchBaseRoute = (baseId: number, eventId: number) =>
  api.get<RouteAnswer>(`/v2/routes/base/${baseId}?eventId=${eventId}`, { key: `route-base-${baseId}-${eventId}` });
