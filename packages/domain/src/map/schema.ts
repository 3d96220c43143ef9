/**
 * Map-service calls (docs/API.md "Map services (issue 6) — contract"): request and answer schemas of the cadastre,
 * rail image, hunting regions, explore (SAP), intervention zones, panorama, WMS proxy and estimated routes. The
 * server validates with them (422 `[{field, message}]` in Czech), the panel infers its types from them.
 *
 * Where a real service's JSON is passed on as it came (hunting, JPO with their URLs set), the answer schema is
 * loose: it names what the panel reads and lets the rest through.
 */
import { z } from 'zod';
import { wireId, wireIdParam } from '../http/wireValues';
import { lineStringGeometry } from './geometry';
import { mapServiceTexts as t } from './texts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** a finite number from a query/path string or a JSON number; `,` accepted as the decimal mark */
const finite = (message: string = t.badCoordinate) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ message }).refine((n) => Number.isFinite(n), { message }),
  );

/** an optional number of a query (blank = absent) */
export const optionalNumber = (message?: string) => z.preprocess(blankToUndefined, finite(message).optional());

const longitude = finite().refine((v) => v >= -180 && v <= 180, { message: t.badCoordinate });
const latitude = finite().refine((v) => v >= -90 && v <= 90, { message: t.badCoordinate });

// ---------------------------------------------------------------- 1. cadastre

/**
 * GET /v2/cadastre: `x, y` (S-JTSK) or `longitude, latitude` (WGS84; a pair beyond degrees is S-JTSK, as the
 * spec sends "latitude, longitude in national projection"). Which pair and whether it lies in the country is
 * the route's (422 `x`/`longitude`).
 */
export const cadastreQuery = z.object({
  x: optionalNumber(),
  y: optionalNumber(),
  latitude: optionalNumber(),
  longitude: optionalNumber(),
});

/** the parcel as HTML (sanitized by the server; the panel sanitizes again) and the link to ČÚZK's viewer */
export const cadastreAnswer = z.object({ link: z.string(), content: z.string() }).meta({ id: 'CadastreAnswer' });

// ---------------------------------------------------------------- 2. rail image

export const railImageQuery = z.object({
  longitude: z.preprocess(blankToUndefined, longitude),
  latitude: z.preprocess(blankToUndefined, latitude),
});

/** ERROR carries the reason in `message`; OK the point on the track and `image` (our route or the service's URL) */
export const railImageAnswer = z
  .object({
    status: z.enum(['OK', 'ERROR']),
    message: z.string().nullable(),
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
    image: z.string().nullable(),
    capturedAt: z.string().nullable(),
    /** metres from the asked point to the track */
    deviation: z.number().nullable(),
  })
  .meta({ id: 'RailImageAnswer' });

/** GET /v2/rail-image/image/{file}, GET /v2/panorama/image/{file}: `{key}.jpg` (any other name is 404) */
export const imageParams = z.object({ file: z.string() });

// ---------------------------------------------------------------- 3. hunting regions

export const huntingRegionBody = z.object({ lat: latitude, lon: longitude });

export const huntingContact = z.object({ id: z.number(), name: z.string(), phone: z.string() });

/** offline: our 6 km cells; with HUNTING_URL the service's features as they come (so loose) */
export const huntingRegionFeature = z
  .looseObject({
    type: z.literal('Feature'),
    id: z.union([z.string(), z.number()]).optional(),
    geometry: z
      .looseObject({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.unknown() })
      .nullable()
      .optional(),
    properties: z.looseObject({
      id: z.union([z.string(), z.number()]),
      name: z.string(),
      kraj: z.string().nullable(),
      okres: z.string().nullable(),
      orp: z.string().nullable(),
      huntingCompany: z
        .object({
          name: z.string().nullable(),
          address: z.string().nullable(),
          postalCode: z.string().nullable(),
          phone: z.string().nullable(),
        })
        .nullable(),
      contacts: z.array(huntingContact),
    }),
  })
  .meta({ id: 'HuntingRegionFeature' });

export const huntingRegionAnswer = z.object({ features: z.array(huntingRegionFeature) });

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

export const huntingContactParams = z.object({ id: wireIdParam(t.contactNotFound) });

/**
 * Our answers `{type: 'success', contact?}` and 404 `{type: 'error', message}`; with HUNTING_URL the service's
 * JSON as it came (so loose).
 */
export const huntingContactAnswer = z
  .looseObject({ type: z.string(), contact: huntingContact.optional(), message: z.string().optional() })
  .meta({ id: 'HuntingContactAnswer' });

// ---------------------------------------------------------------- 4. explore (SAP)

export const lonLatParams = z.object({ lon: longitude, lat: latitude });

/** a railway point within 2 km, nearest first */
export const explorePoint = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.string().nullable(),
  km: z.number().nullable(),
  /** metres */
  distance: z.number(),
  lon: z.number(),
  lat: z.number(),
});

/** a railway line within 2 km: its nearest point and the distance to it (metres) */
export const exploreLine = z.object({
  code: z.string(),
  name: z.string(),
  distance: z.number(),
  lon: z.number(),
  lat: z.number(),
});

export const explorePointsAnswer = z.array(explorePoint);
export const exploreLinesAnswer = z.array(exploreLine);

// ---------------------------------------------------------------- 5. intervention zones and unit points

export const ZONE_COLORS = ['blue', 'green', 'grey', 'red', 'violet', 'white', 'yellow'] as const;

/**
 * offline: `{baseId, name, code, color}` (zones: Polygon, points: Point) of the unit stations; with JPO_URL the
 * service's features as they come (so loose)
 */
export const jpoFeature = z
  .looseObject({
    type: z.literal('Feature'),
    id: z.union([z.string(), z.number()]).optional(),
    geometry: z.looseObject({ type: z.string(), coordinates: z.unknown() }).nullable().optional(),
    properties: z
      .looseObject({
        baseId: z.number().optional(),
        name: z.string().optional(),
        code: z.string().optional(),
        color: z.enum(ZONE_COLORS).optional(),
      })
      .nullable(),
  })
  .meta({ id: 'JpoFeature' });

export const jpoAnswer = z.object({ features: z.array(jpoFeature) });

// ---------------------------------------------------------------- 6. panorama

export const panoramaQuery = z.object({
  lon: z.preprocess(blankToUndefined, longitude),
  lat: z.preprocess(blankToUndefined, latitude),
  yaw: optionalNumber(),
  pitch: optionalNumber(),
  fov: optionalNumber(),
});

const camera = { yaw: z.number(), pitch: z.number(), fov: z.number() };

/** our offline "track-side cameras": the image is ours */
export const offlinePanoramaAnswer = z.object({
  errorCode: z.literal('NONE'),
  provider: z.literal('offline'),
  lon: z.number(),
  lat: z.number(),
  ...camera,
  capturedAt: z.string().nullable(),
  imageUrl: z.string(),
});

/** Mapy.com: the browser asks their JS Panorama itself; the server says where, how and with which key */
export const mapyPanoramaAnswer = z.object({
  provider: z.literal('mapy'),
  lon: z.number(),
  lat: z.number(),
  ...camera,
  radius: z.number(),
  apiKey: z.string(),
  scriptUrl: z.string(),
});

/** no panorama: an error code other than NONE (001 §8: the map just moves) */
export const panoramaError = z.object({ errorCode: z.string() });

export const panoramaAnswer = z
  .union([offlinePanoramaAnswer, mapyPanoramaAnswer, panoramaError])
  .meta({ id: 'PanoramaAnswer' });

// ---------------------------------------------------------------- 7. WMS capabilities proxy

export const proxyQuery = z.object({ url: z.string().optional() });

// ---------------------------------------------------------------- 8. estimated routes

export const jobRouteParams = z.object({ jobId: wireIdParam(t.jobNotFound) });
export const baseRouteParams = z.object({ baseId: wireIdParam(t.baseNotFound) });
export const baseRouteQuery = z.object({
  eventId: z.preprocess(blankToUndefined, wireIdParam(t.eventRequired).optional()),
});

/** `{route, durationText '{n} min' | 'HH:mm', distanceText '12,3 km', distance (m), duration (s)}` */
export const routeAnswer = z
  .object({
    route: lineStringGeometry,
    durationText: z.string(),
    distanceText: z.string(),
    distance: z.number(),
    duration: z.number(),
  })
  .meta({ id: 'RouteAnswer' });

export type CadastreAnswer = z.infer<typeof cadastreAnswer>;
export type RailImageAnswer = z.infer<typeof railImageAnswer>;
export type HuntingContact = z.infer<typeof huntingContact>;
export type HuntingRegionFeature = z.infer<typeof huntingRegionFeature>;
export type HuntingRegionAnswer = z.infer<typeof huntingRegionAnswer>;
export type HuntingContactBody = z.input<typeof huntingContactBody>;
export type HuntingContactAnswer = z.infer<typeof huntingContactAnswer>;
export type ExplorePoint = z.infer<typeof explorePoint>;
export type ExploreLine = z.infer<typeof exploreLine>;
export type JpoFeature = z.infer<typeof jpoFeature>;
export type JpoAnswer = z.infer<typeof jpoAnswer>;
export type ZoneColor = (typeof ZONE_COLORS)[number];
export type RouteAnswer = z.infer<typeof routeAnswer>;
export type PanoramaQuery = z.output<typeof panoramaQuery>;
