/** Live tracking calls (issue 14): vehicle trails, deployment tracks, the deployment dialog's distance/ETA. */
import type { JobTrack, ResourceTrail, VehicleEta } from '@panel/domain/tracking';
import { api } from './client';

/** GET /v2/resources/trails: the last 30 minutes of every vehicle the user may follow. */
export const fetchTrails = () => api.get<ResourceTrail[]>('/v2/resources/trails');

/** GET /v2/events/{id}/tracks: each deployment's track from its departure to now or its end. */
export const fetchEventTracks = (eventId: number) =>
  api.get<JobTrack[]>(`/v2/events/${eventId}/tracks`, { key: 'event-tracks' });

/** GET /v2/events/{id}/vehicle-eta: distance and ETA of each free vehicle to the event, nearest first. */
export const fetchVehicleEta = (eventId: number) =>
  api.get<VehicleEta[]>(`/v2/events/${eventId}/vehicle-eta`, { key: 'vehicle-eta' });
