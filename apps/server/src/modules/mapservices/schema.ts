/** Request schemas of the map-service calls (422 `[{field, message}]` in Czech through the app's error handler). */
import { z } from 'zod';
import { wireId, wireIdParam } from '@panel/domain/validation';
import { mapServiceTexts as t } from './texts.js';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** a finite number from a query/path string or a JSON number; `,` accepted as the decimal mark */
const finite = (message: string = t.badCoordinate) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ message }).refine((n) => Number.isFinite(n), { message }),
  );

export const optionalNumber = (message?: string) => z.preprocess(blankToUndefined, finite(message).optional());

const longitude = finite().refine((v) => v >= -180 && v <= 180, { message: t.badCoordinate });
const latitude = finite().refine((v) => v >= -90 && v <= 90, { message: t.badCoordinate });

export const cadastreQuery = z.object({
  x: optionalNumber(),
  y: optionalNumber(),
  latitude: optionalNumber(),
  longitude: optionalNumber(),
});

export const railImageQuery = z.object({
  longitude: z.preprocess(blankToUndefined, longitude),
  latitude: z.preprocess(blankToUndefined, latitude),
});

export const imageParams = z.object({ file: z.string() });

export const lonLatParams = z.object({ lon: longitude, lat: latitude });

export const huntingRegionBody = z.object({ lat: latitude, lon: longitude });

export const huntingContactBody = z.object({
  hunting_region_id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ message: t.unknownRegion }).min(1, t.unknownRegion),
  ),
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ message: t.nameRequired }).min(1, t.nameRequired).max(200),
  ),
  phone: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ message: t.nameRequired }).min(1, t.nameRequired),
  ),
  id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\d{1,20}$/.test(v) ? Number(v) : v),
    wireId(t.contactNotFound).optional(),
  ),
});

export const idParams = z.object({
  id: wireIdParam(t.contactNotFound),
});

export const panoramaQuery = z.object({
  lon: z.preprocess(blankToUndefined, longitude),
  lat: z.preprocess(blankToUndefined, latitude),
  yaw: optionalNumber(),
  pitch: optionalNumber(),
  fov: optionalNumber(),
});

export const proxyQuery = z.object({ url: z.string().optional() });

const positiveId = (message: string) => wireIdParam(message);

export const jobRouteParams = z.object({ jobId: positiveId(t.jobNotFound) });
export const baseRouteParams = z.object({ baseId: positiveId(t.baseNotFound) });
export const baseRouteQuery = z.object({
  eventId: z.preprocess(blankToUndefined, positiveId(t.eventRequired).optional()),
});
