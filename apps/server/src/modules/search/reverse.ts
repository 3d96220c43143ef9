/**
 * Reverse geocoding (001 §7 GET /v2/search/reverse): the nearest address point within 500 m, else 'okolí
 * {place}' of the nearest place. The fire-rescue unit (jpo) is the address's, or for a place the one of the
 * nearest address point with a unit within 15 km.
 */
import { sql } from 'drizzle-orm';
import { distanceMeters } from '@panel/domain/map';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';

export const REVERSE_ADDRESS_RADIUS_M = 500;
const JPO_RADIUS_M = 15_000;

/** Coordinates the panel accepts (001 §5 coordinate entry). */
export const PANEL_BOUNDS = { minLat: 48.5518083, maxLat: 52.90609, minLon: 12.09059, maxLon: 22.558014 } as const;

export interface ReverseAnswer {
  address: {
    title: string;
    /** 'address' (an address point within 500 m) or 'place' (the surroundings of the nearest place) */
    type_code: 'address' | 'place';
    /** metres to the address point or the place's centre */
    distance: number;
    latitude: number;
    longitude: number;
  } | null;
  jpo_name: string | null;
  jpo_id: number | null;
}

interface NearRow {
  title: string;
  jpo_id: number | null;
  jpo_name: string | null;
  latitude: number;
  longitude: number;
}

/** Nearest rows of a table within a box of `radius` metres around the point (planar order, haversine after). */
async function nearest(
  db: Database,
  table: 'address_points' | 'places',
  lat: number,
  lon: number,
  radius: number | null,
  extra = sql``,
) {
  const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
  const box =
    radius == null
      ? sql`true`
      : sql`latitude between ${lat - radius / 110_574} and ${lat + radius / 110_574}
          and longitude between ${lon - radius / kx} and ${lon + radius / kx}`;
  const cols =
    table === 'address_points'
      ? sql`title, jpo_id, jpo_name, latitude, longitude`
      : sql`name as title, null::integer as jpo_id, null::text as jpo_name, latitude, longitude`;
  return queryRows<NearRow>(
    db,
    sql`select ${cols} from ${sql.raw(table)} where ${box} ${extra}
      order by ((longitude - ${lon}) * ${kx}) ^ 2 + ((latitude - ${lat}) * 110574) ^ 2 limit 1`,
  );
}

export async function reverseGeocode(db: Database, latitude: number, longitude: number): Promise<ReverseAnswer> {
  const [addr] = await nearest(db, 'address_points', latitude, longitude, REVERSE_ADDRESS_RADIUS_M);
  if (addr) {
    const d = distanceMeters(latitude, longitude, addr.latitude, addr.longitude);
    if (d <= REVERSE_ADDRESS_RADIUS_M) {
      return {
        address: {
          title: addr.title,
          type_code: 'address',
          distance: Math.round(d),
          latitude: addr.latitude,
          longitude: addr.longitude,
        },
        jpo_name: addr.jpo_name,
        jpo_id: addr.jpo_id,
      };
    }
  }
  const [place] = await nearest(db, 'places', latitude, longitude, null);
  const [unit] = await nearest(db, 'address_points', latitude, longitude, JPO_RADIUS_M, sql`and jpo_name is not null`);
  const jpo = unit && distanceMeters(latitude, longitude, unit.latitude, unit.longitude) <= JPO_RADIUS_M ? unit : null;
  return {
    address: place
      ? {
          title: `okolí ${place.title}`,
          type_code: 'place',
          distance: Math.round(distanceMeters(latitude, longitude, place.latitude, place.longitude)),
          latitude: place.latitude,
          longitude: place.longitude,
        }
      : null,
    jpo_name: jpo?.jpo_name ?? null,
    jpo_id: jpo?.jpo_id ?? null,
  };
}
