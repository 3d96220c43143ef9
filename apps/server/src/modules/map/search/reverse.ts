/**
 * Reverse geocoding (001 §7 GET /v2/search/reverse): the nearest address point within 500 m, else 'okolí
 * {place}' of the nearest place. The fire-rescue unit (jpo) is the address's, or for a place the one of the
 * nearest address point with a unit within 15 km.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { haversine, parseReverseAnswer, type ReverseAnswer } from '@panel/domain/map';
import type { Event } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import { queryRows } from '../../../db/client.js';
import { events } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../context.js';
import { notFound } from '../../../errors.js';
import { updateEvent } from '../../events/commands.js';

export const REVERSE_ADDRESS_RADIUS_M = 500;
const JPO_RADIUS_M = 15_000;

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
    const d = haversine([longitude, latitude], [addr.longitude, addr.latitude]);
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
  const jpo = unit && haversine([longitude, latitude], [unit.longitude, unit.latitude]) <= JPO_RADIUS_M ? unit : null;
  return {
    address: place
      ? {
          title: `okolí ${place.title}`,
          type_code: 'place',
          distance: Math.round(haversine([longitude, latitude], [place.longitude, place.latitude])),
          latitude: place.latitude,
          longitude: place.longitude,
        }
      : null,
    jpo_name: jpo?.jpo_name ?? null,
    jpo_id: jpo?.jpo_id ?? null,
  };
}

/**
 * updateEvent=1 (000 §7): writes the found address to the event through the event update — the same per-field
 * rules (address, eventTerrainId editable), journal and push as a PUT, without a version (only these fields).
 * The stored addressData is the caller's with the answer's distance, type and unit. A bad answer (000 §5) writes
 * nothing: the event is answered as it is and the caller reports the answer. 404 for an event the user does not
 * see (or one not saved yet).
 */
export async function writeAddress(
  app: FastifyInstance,
  auth: AuthContext,
  request: { eventUuid?: string; eventTerrainId?: number; addressData?: Record<string, unknown> },
  answer: ReverseAnswer,
): Promise<Event> {
  const [row] = await app.deps.db.select({ id: events.id }).from(events).where(eq(events.uuid, request.eventUuid!));
  if (!row) throw notFound();
  const good = parseReverseAnswer(answer);
  const body = good
    ? {
        address: good.address.title,
        addressData: {
          ...(request.addressData ?? {}),
          distance: good.address.distance,
          type_code: good.address.type_code,
          jpo_name: good.jpo_name,
          jpo_id: good.jpo_id,
        },
        ...(request.eventTerrainId !== undefined ? { eventTerrainId: request.eventTerrainId } : {}),
      }
    : {};
  // an empty body writes nothing but still checks that the user sees the event (404 otherwise)
  return updateEvent(app.deps, auth, row.id, body);
}
