/**
 * Hunting regions (001 §2 hunting-region card, §3 "Hunting region feature", §7 POST /hunting-region,
 * POST /hunting-region/contact, GET /hunting-region/contact/delete/{id}).
 *
 * - Default (offline): deterministic made-up regions — the cells of a 6 km grid in S-JTSK. The cell of the
 *   point is one Polygon Feature `{id, name, kraj, okres, orp, huntingCompany {name, address, postalCode,
 *   phone}, contacts [{id, name, phone}]}`: named 'Honitba {nearest place to the cell centre}', kraj/okres from
 *   that place, orp the nearest town or city, the company 'Myslivecký spolek {place}' with an address, postal
 *   code and phone derived from the cell (stable, plausible, not real). Contacts are our `hunting_contacts`.
 * - `HUNTING_URL`: the three calls are forwarded to `{url}/hunting-region`, `{url}/hunting-region/contact`,
 *   `{url}/hunting-region/contact/delete/{id}` and their JSON passed on. Failures throw ServiceError (logged).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isSjtsk,
  lonLat,
  sjtsk,
  type HuntingContact,
  type HuntingRegionAnswer,
  type HuntingRegionFeature,
  type huntingContactBody,
} from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { huntingContacts } from '../../../db/schema/index.js';
import { nearestPlace } from '../../geo/data.js';
import { fromSjtsk, toSjtsk } from '../../geo/krovak.js';
import { callServiceJson, joinUrl, type FetchOptions } from '../../geo/http.js';
import { stableHash } from '../../geo/measure.js';
import { signedArea } from '../jpo/voronoi.js';

export const HUNTING_CELL = 6000;

/** the checked body of POST /hunting-region/contact (its phone normalized by the route) */
export type ContactInput = z.output<typeof huntingContactBody>;

export type SaveContactResult = { type: 'success'; contact: HuntingContact } | { type: 'not-found' };

export interface HuntingProvider {
  readonly kind: 'offline' | 'http' | 'uhul';
  /** the real service's features are passed on as they came (the schema `huntingRegionAnswer` is loose) */
  regions(lat: number, lon: number): Promise<HuntingRegionAnswer>;
  saveContact(input: ContactInput, userId: number): Promise<unknown>;
  deleteContact(id: number): Promise<unknown>;
}

const STREETS = ['Myslivecká', 'Lesní', 'Hlavní', 'Polní', 'Nádražní', 'Zahradní', 'Školní', 'Na Návsi'];

/** The grid cell of a point: indexes of the positive S-JTSK easting/northing divided by 6 km. */
export function cellOf(lon: number, lat: number): { i: number; j: number } {
  const { x, y } = toSjtsk(lonLat(lon, lat));
  return { i: Math.floor(-x / HUNTING_CELL), j: Math.floor(-y / HUNTING_CELL) };
}

/** Whether the whole cell lies where S-JTSK is used (`SJTSK_AREA`), so its corners convert. */
export const cellInArea = (i: number, j: number) =>
  i >= 0 &&
  j >= 0 &&
  isSjtsk(i * HUNTING_CELL, j * HUNTING_CELL) &&
  isSjtsk((i + 1) * HUNTING_CELL, (j + 1) * HUNTING_CELL);

export const regionId = (i: number, j: number) => `HR-${i}-${j}`;

export function parseRegionId(id: string): { i: number; j: number } | null {
  const m = /^HR-(\d{1,4})-(\d{1,4})$/.exec(id);
  return m ? { i: Number(m[1]), j: Number(m[2]) } : null;
}

/** The cell polygon in WGS84 (each side sampled, as the S-JTSK grid is not straight in lon/lat). */
export function cellPolygon(i: number, j: number): [number, number][] {
  const e0 = i * HUNTING_CELL;
  const n0 = j * HUNTING_CELL;
  const corners: [number, number][] = [
    [e0, n0],
    [e0 + HUNTING_CELL, n0],
    [e0 + HUNTING_CELL, n0 + HUNTING_CELL],
    [e0, n0 + HUNTING_CELL],
  ];
  const ring: [number, number][] = [];
  for (let k = 0; k < 4; k++) {
    const [a, b] = [corners[k], corners[(k + 1) % 4]];
    for (let s = 0; s < 4; s++) {
      const t = s / 4;
      const [lon, lat] = fromSjtsk(sjtsk(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t));
      ring.push([Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7]);
    }
  }
  // RFC 7946: exterior rings counter-clockwise
  if (signedArea(ring) < 0) ring.reverse();
  ring.push(ring[0]);
  return ring;
}

export async function contactsOf(db: Database, regionIds: string[]): Promise<Map<string, HuntingContact[]>> {
  const map = new Map<string, HuntingContact[]>();
  if (!regionIds.length) return map;
  const rows = await db
    .select()
    .from(huntingContacts)
    .where(inArray(huntingContacts.huntingRegionId, regionIds))
    .orderBy(asc(huntingContacts.id));
  for (const r of rows) {
    const list = map.get(r.huntingRegionId) ?? [];
    list.push({ id: r.id, name: r.name, phone: r.phone });
    map.set(r.huntingRegionId, list);
  }
  return map;
}

export async function regionFeature(db: Database, i: number, j: number): Promise<HuntingRegionFeature> {
  const id = regionId(i, j);
  const [lon, lat] = fromSjtsk(sjtsk((i + 0.5) * HUNTING_CELL, (j + 0.5) * HUNTING_CELL));
  const [place, town] = await Promise.all([
    nearestPlace(db, [lon, lat]),
    nearestPlace(db, [lon, lat], ['city', 'town', 'capital']),
  ]);
  const h = stableHash(id);
  const placeName = place?.place.name ?? `${i}-${j}`;
  const town5 = String(10000 + (h % 70000)).padStart(5, '0');
  const phone = `${['6', '7'][h % 2]}${String((h >>> 3) % 100_000_000).padStart(8, '0')}`;
  const contacts = (await contactsOf(db, [id])).get(id) ?? [];
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Polygon', coordinates: [cellPolygon(i, j)] },
    properties: {
      id,
      name: `Honitba ${placeName}`,
      kraj: place?.place.region ?? null,
      okres: place?.place.district ?? null,
      orp: town?.place.name ?? place?.place.name ?? null,
      huntingCompany: {
        name: `Myslivecký spolek ${placeName}`,
        address: `${STREETS[h % STREETS.length]} ${1 + ((h >>> 5) % 250)}, ${placeName}`,
        postalCode: `${town5.slice(0, 3)} ${town5.slice(3)}`,
        phone,
      },
      contacts,
    },
  };
}

export function offlineHuntingProvider(db: Database): HuntingProvider {
  return {
    kind: 'offline',
    async regions(lat, lon) {
      const { i, j } = cellOf(lon, lat);
      // the made-up grid covers where S-JTSK is used; a point far outside has no hunting region
      if (!cellInArea(i, j)) return { features: [] };
      return { features: [await regionFeature(db, i, j)] };
    },
    async saveContact(input, userId) {
      if (input.id !== undefined) {
        const [row] = await db
          .update(huntingContacts)
          .set({ name: input.name, phone: input.phone, huntingRegionId: input.hunting_region_id })
          .where(eq(huntingContacts.id, input.id))
          .returning();
        if (!row) return { type: 'not-found' } satisfies SaveContactResult;
        return {
          type: 'success',
          contact: { id: row.id, name: row.name, phone: row.phone },
        } satisfies SaveContactResult;
      }
      const [row] = await db
        .insert(huntingContacts)
        .values({ huntingRegionId: input.hunting_region_id, name: input.name, phone: input.phone, createdBy: userId })
        .returning();
      return { type: 'success', contact: { id: row.id, name: row.name, phone: row.phone } } satisfies SaveContactResult;
    },
    async deleteContact(id) {
      const rows = await db
        .delete(huntingContacts)
        .where(eq(huntingContacts.id, id))
        .returning({ id: huntingContacts.id });
      return rows.length ? { type: 'success' } : { type: 'not-found' };
    },
  };
}

export function httpHuntingProvider(url: string, opts: FetchOptions = {}): HuntingProvider {
  const post = (path: string, body: unknown) =>
    callServiceJson(
      'hunting',
      joinUrl(url, path),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      opts,
    );
  return {
    kind: 'http',
    async regions(lat, lon) {
      const body = await post('hunting-region', { lat, lon });
      const features = (body as { features?: unknown } | null)?.features;
      return { features: Array.isArray(features) ? (features as HuntingRegionAnswer['features']) : [] };
    },
    saveContact: (input) => post('hunting-region/contact', input),
    deleteContact: (id) => callServiceJson('hunting', joinUrl(url, `hunting-region/contact/delete/${id}`), {}, opts),
  };
}
