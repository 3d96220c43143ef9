/**
 * Map notes and drawn objects of events (docs/API.md "Map notes and drawings (issue 6)"): POST/PUT/DELETE
 * /v2/event-objects and /v2/event-geos. Answers are the bundle's `EventObject` / `EventGeo` (@panel/domain/sync).
 */
import { z } from 'zod';
import { wireId, wireIdParam } from '../http/wireValues';
import { mapObjectTexts } from './texts';

export const mapObjectIdParams = z.object({ id: wireIdParam() });

const latitude = z.number({ error: mapObjectTexts.badCoordinates }).finite().min(-90).max(90);
const longitude = z.number({ error: mapObjectTexts.badCoordinates }).finite().min(-180).max(180);
/**
 * `uuid`: the panel sends its own, so a retry answers the saved row (idempotent); an API caller that never
 * retries may send none and the server makes one (issue 16, as for events, messages, contacts and jobs). The
 * event by id or, before it is saved, by uuid.
 */
const eventRef = {
  uuid: z.string().min(1).max(64).optional(),
  eventId: wireId().nullable().optional(),
  eventUuid: z.string().min(1).max(64).nullable().optional(),
};
const hasEvent = (b: { eventId?: number | null; eventUuid?: string | null }) =>
  b.eventId != null || (b.eventUuid != null && b.eventUuid !== '');

/** POST /v2/event-objects. Unknown keys are ignored. */
export const createNoteSchema = z
  .object({ ...eventRef, longitude, latitude, content: z.string().max(2000).nullable().optional() })
  .refine(hasEvent, { message: mapObjectTexts.eventMissing, path: ['eventId'] });

/** PUT /v2/event-objects/{id}: absent = unchanged. */
export const updateNoteSchema = z.object({
  content: z.string().max(2000).nullable().optional(),
  longitude: longitude.optional(),
  latitude: latitude.optional(),
});

/** POST /v2/event-geos: the shape is checked by the server's `normalizeGeojson` (422 on the field geojson). */
export const createGeoSchema = z
  .object({ ...eventRef, geojson: z.unknown(), title: z.string().max(255).nullable().optional() })
  .refine(hasEvent, { message: mapObjectTexts.eventMissing, path: ['eventId'] });

/** PUT /v2/event-geos/{id}: absent = unchanged. */
export const updateGeoSchema = z.object({
  geojson: z.unknown().optional(),
  title: z.string().max(255).nullable().optional(),
});

export type CreateNoteBody = z.infer<typeof createNoteSchema>;
export type UpdateNoteBody = z.infer<typeof updateNoteSchema>;
export type CreateGeoBody = z.infer<typeof createGeoSchema>;
export type UpdateGeoBody = z.infer<typeof updateGeoSchema>;
