/**
 * Decoders of the position protocols we take in (issue 14), each turning one request into fixes or field errors.
 * Sources of the formats (samples in `positions.samples.ts`):
 * - OsmAnd as Traccar's `OsmAndProtocolDecoder` (traccar/traccar) reads it: query or form parameters `id` |
 *   `deviceid`, `lat`, `lon` | `location=lat,lon`, `timestamp` (unix seconds, or ms when ≥ 2^31, or ISO with
 *   'T', or 'yyyy-MM-dd HH:mm:ss'), `speed` in KNOTS (Traccar Client Android sends `location.speed * 1.943844`),
 *   `bearing` | `heading`, `altitude`, `accuracy` (m; Traccar Client Android sends 0 for a GPS fix: 0 = unknown),
 *   `hdop`, `batt`, `charge`, `valid`.
 * - OsmAnd JSON of Traccar Client 9+ (traccar.org/osmand, flutter_background_geolocation's location template):
 *   `{location: {timestamp ISO, coords: {latitude, longitude, accuracy, speed m/s, heading, altitude},
 *   battery: {level 0…1, is_charging}, …}, device_id}`; a negative speed/heading/accuracy means unknown. A list
 *   in `location` (the SDK's batch sync) carries several fixes.
 * - Traccar position forwarding (`forward.type=json`, `PositionForwarderJson`/`PositionData`): `{position:
 *   {deviceId, latitude, longitude, speed (knots), course, altitude, accuracy, fixTime, deviceTime, valid,
 *   attributes}, device: {id, name, uniqueId, …}}`, dates as Jackson writes them ('2018-09-14T15:34:17.000+0000').
 */
import type { FieldError } from '@panel/domain/http';
import { positionTexts as t } from './texts.js';

export type PositionSource = 'osmand' | 'traccar' | 'panel';

/** One position as a tracker reported it, in our units. */
export interface Fix {
  /** the identifier the tracker sent (device code or configured tracker id) */
  trackerId: string;
  latitude: number;
  longitude: number;
  /** when the fix was taken; null: not sent (taken as the time of arrival) */
  recordedAt: Date | null;
  /** km/h */
  speed: number | null;
  /** metres; null unknown */
  accuracy: number | null;
  /** false when the tracker says the fix is not valid (no satellite fix) */
  valid: boolean;
  /** 0–100 % */
  battery: number | null;
}

export type Decoded = { fixes: Fix[]; secret: string | null } | { errors: FieldError[] };

const KNOTS_TO_KMH = 1.852;
const MPS_TO_KMH = 3.6;
export const MAX_FIXES_PER_REQUEST = 100;

type Params = Record<string, unknown>;

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

function str(v: unknown): string | undefined {
  const x = first(v);
  if (typeof x === 'string') return x.trim() === '' ? undefined : x.trim();
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return undefined;
}

/** A number or undefined when absent; NaN when present but not a number. */
function num(v: unknown): number | undefined {
  const x = first(v);
  if (x === undefined || x === null || x === '') return undefined;
  if (typeof x === 'number') return Number.isFinite(x) ? x : NaN;
  if (typeof x !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(x)) return NaN;
  return Number(x);
}

/** Non-negative value or null (trackers send -1, 0 or nothing when they do not know). */
const known = (v: number | undefined, zeroUnknown = false): number | null =>
  v === undefined || Number.isNaN(v) || v < 0 || (zeroUnknown && v === 0) ? null : v;

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/;

/** unix seconds, unix ms, ISO (with or without zone: without one it is UTC, as trackers send), or null. */
export function parseTimestamp(value: unknown): Date | null {
  const x = first(value);
  if (typeof x === 'number' || (typeof x === 'string' && /^\d{1,16}$/.test(x.trim()))) {
    const n = Number(x);
    if (!Number.isFinite(n) || n <= 0) return null;
    const d = new Date(n < 2 ** 31 ? n * 1000 : n);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof x !== 'string') return null;
  const m = ISO.exec(x.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Math.round(Number(frac) * 1000) : 0;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, ms);
  const check = new Date(utc);
  // no rollover: 2024-02-30 is not a day
  if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return null;
  let offset = 0;
  if (zone && zone !== 'Z') {
    const z = zone.replace(':', '');
    offset = (z.startsWith('-') ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5))) * 60_000;
  }
  return new Date(utc - offset);
}

interface RawFix {
  id: unknown;
  lat: unknown;
  lon: unknown;
  timestamp: unknown;
  speed: number | null;
  accuracy: number | null;
  valid: boolean;
  battery: number | null;
}

function finish(raw: RawFix, prefix: string, errors: FieldError[]): Fix | null {
  const at = (f: string) => (prefix ? `${prefix}.${f}` : f);
  const before = errors.length;
  const id = str(raw.id);
  if (id === undefined) errors.push({ field: at('id'), message: t.missingId });
  else if (id.length > 64) errors.push({ field: at('id'), message: t.badId });
  const lat = num(raw.lat);
  const lon = num(raw.lon);
  if (lat === undefined) errors.push({ field: at('lat'), message: t.missingLatitude });
  else if (Number.isNaN(lat) || lat < -90 || lat > 90) errors.push({ field: at('lat'), message: t.badLatitude });
  if (lon === undefined) errors.push({ field: at('lon'), message: t.missingLongitude });
  else if (Number.isNaN(lon) || lon < -180 || lon > 180) errors.push({ field: at('lon'), message: t.badLongitude });
  let recordedAt: Date | null = null;
  if (first(raw.timestamp) !== undefined && first(raw.timestamp) !== '') {
    recordedAt = parseTimestamp(raw.timestamp);
    if (!recordedAt) errors.push({ field: at('timestamp'), message: t.badTimestamp });
  }
  if (errors.length > before) return null;
  return {
    trackerId: id!,
    latitude: lat!,
    longitude: lon!,
    recordedAt,
    speed: raw.speed,
    accuracy: raw.accuracy,
    valid: raw.valid,
    battery: raw.battery,
  };
}

function numberField(params: Params, key: string, errors: FieldError[], field = key): number | undefined {
  const v = num(params[key]);
  if (v !== undefined && Number.isNaN(v)) {
    errors.push({ field, message: t.badNumber });
    return undefined;
  }
  return v;
}

const flag = (v: unknown): boolean | undefined => {
  const s = str(v)?.toLowerCase();
  return s === undefined ? undefined : s === 'true' || s === '1';
};

/** OsmAnd query or form parameters (Traccar Client ≤ 8, the OsmAnd app, most HTTP trackers). */
export function decodeOsmAndParams(params: Params): Decoded {
  const errors: FieldError[] = [];
  let lat: unknown = params.lat;
  let lon: unknown = params.lon;
  const location = str(params.location);
  if (lat === undefined && lon === undefined && location) [lat, lon] = location.split(',');
  const speed = numberField(params, 'speed', errors);
  const accuracy = numberField(params, 'accuracy', errors);
  const batt = numberField(params, 'batt', errors);
  const fix = finish(
    {
      id: params.id ?? params.deviceid,
      lat,
      lon,
      timestamp: params.timestamp,
      speed: known(speed) === null ? null : speed! * KNOTS_TO_KMH,
      accuracy: known(accuracy, true),
      valid: flag(params.valid) ?? true,
      battery: known(batt),
    },
    '',
    errors,
  );
  if (errors.length > 0 || !fix) return { errors };
  return { fixes: [fix], secret: str(params.key) ?? null };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON body of Traccar Client 9+ (`{location: {...} | [...], device_id}`). */
export function decodeOsmAndJson(body: Record<string, unknown>): Decoded {
  const list = Array.isArray(body.location) ? body.location : [body.location];
  if (list.length === 0 || !list.every(isObject)) return { errors: [{ field: 'location', message: t.badBody }] };
  if (list.length > MAX_FIXES_PER_REQUEST) return { errors: [{ field: 'location', message: t.tooMany }] };
  const errors: FieldError[] = [];
  const fixes: Fix[] = [];
  list.forEach((loc, i) => {
    const prefix = Array.isArray(body.location) ? `location.${i}` : 'location';
    const coords = isObject(loc.coords) ? loc.coords : {};
    const battery = isObject(loc.battery) ? loc.battery : {};
    const speed = num(coords.speed);
    const accuracy = num(coords.accuracy);
    const level = num(battery.level);
    const extras = isObject(loc.extras) ? loc.extras : {};
    const fix = finish(
      {
        id: body.device_id ?? body.id ?? extras.device_id,
        lat: coords.latitude,
        lon: coords.longitude,
        timestamp: loc.timestamp,
        speed: known(speed) === null ? null : speed! * MPS_TO_KMH,
        accuracy: known(accuracy, true),
        valid: true,
        battery: known(level) === null ? null : Math.min(100, level! * 100),
      },
      prefix,
      errors,
    );
    if (fix) fixes.push(fix);
  });
  if (errors.length > 0) return { errors };
  return { fixes, secret: str(body.key) ?? null };
}

/** Traccar's JSON position forwarding (`{position, device}`). */
export function decodeTraccarForward(body: Record<string, unknown>): Decoded {
  if (!isObject(body.position)) return { errors: [{ field: 'position', message: t.badBody }] };
  const p = body.position;
  const device = isObject(body.device) ? body.device : {};
  const attributes = isObject(p.attributes) ? p.attributes : {};
  const errors: FieldError[] = [];
  const speed = numberField(p, 'speed', errors, 'position.speed');
  const accuracy = numberField(p, 'accuracy', errors, 'position.accuracy');
  const level = num(attributes.batteryLevel);
  const fix = finish(
    {
      id: device.uniqueId,
      lat: p.latitude,
      lon: p.longitude,
      timestamp: p.fixTime ?? p.deviceTime,
      speed: known(speed) === null ? null : speed! * KNOTS_TO_KMH,
      accuracy: known(accuracy, true),
      valid: p.valid !== false,
      battery: known(level),
    },
    'position',
    errors,
  );
  if (errors.length > 0 || !fix) {
    return { errors: errors.map((e) => (e.field === 'position.id' ? { ...e, field: 'device.uniqueId' } : e)) };
  }
  return { fixes: [fix], secret: null };
}
