/**
 * The map search (001 §2 Map search panel, §3 Search suggestion, §7 fire.search): railway points ('station',
 * 'halt', 'railway-point'), address points ('address'), places ('place') and trains by number ('train').
 *
 * Matching is accent- and case-insensitive over the `search` columns (domain `normalizeSearch`): every word of
 * the term must occur in the name. Ranking: the exact name, then names starting with the term, then names with a
 * word starting with it, then the rest. With an origin: the exact names, then the prefix matches, then the rest,
 * each group by distance; without one: by that rank, then kind (main stations, stations, halts, places, other
 * points, addresses, trains) and the normalized name.
 * Each source answers its best `offset + limit` rows with the total (`count(*) over ()`), merged here, so a page
 * is exact across sources.
 */
import { sql } from 'drizzle-orm';
import {
  ALL_SEARCH_TYPE_CODES,
  haversine,
  normalizeSearch,
  SEARCH_TYPE_CODES,
  type SearchParams,
  type SearchResultAnswer,
  type SearchSuggestion,
} from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { queryRows } from '../../../db/client.js';
import type { TrainsProvider } from '../../../integrations/trains/index.js';
import { queryAddresses } from './addressSearch.js';
import { distSql, matchSql, orderSql, rankSql, type SourceQuery } from './searchSql.js';

const RAILWAY_TYPES = [SEARCH_TYPE_CODES.station, SEARCH_TYPE_CODES.halt, SEARCH_TYPE_CODES.railwayPoint] as string[];

/** SR70 kinds that are not places on the track (customer centres, dispatching offices, logical nodes). */
const HIDDEN_KINDS_SQL = sql`(kind is null or (kind not like 'Dopravní uzel%' and kind not like 'Cestovní kancelář%'
  and kind not like 'Zákaznická centra%' and kind not like '%dispečerské pracoviště%'))`;

/** railway_points.kind → type code (SQL). */
export const RAILWAY_TYPE_SQL = sql`(case when kind = 'Železniční stanice' then 'station'
  when lower(kind) like '%zastávka%' and kind not in ('Zastávka náhradní dopravy', 'Zastávka lanové dráhy') then 'halt'
  else 'railway-point' end)`;

export function railwayTypeCode(kind: string | null): string {
  if (kind === 'Železniční stanice') return SEARCH_TYPE_CODES.station;
  if (kind && /zastávka/i.test(kind) && kind !== 'Zastávka náhradní dopravy' && kind !== 'Zastávka lanové dráhy') {
    return SEARCH_TYPE_CODES.halt;
  }
  return SEARCH_TYPE_CODES.railwayPoint;
}

interface Ranked {
  s: SearchSuggestion;
  rank: number;
  kindOrder: number;
  /** the normalized name (the `search` column): compared by code points, as SQL `collate "C"` does */
  sortKey: string;
  rowId: number;
  /** planar distance proxy (the SQL `dist`), 0 without an origin */
  dist: number;
}

/** With an origin: the exact name, then prefix matches, then the rest; each group by distance. */
const originGroup = (rank: number) => Math.min(rank, 2);

const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Comparator of the merged list. It is the order the SQL of each source uses (same keys, names by code points,
 * the row id last), so the first `offset + limit` rows of each source hold the page of the merged list.
 */
function compare(origin: boolean) {
  return (a: Ranked, b: Ranked) =>
    (origin ? originGroup(a.rank) - originGroup(b.rank) || a.dist - b.dist : a.rank - b.rank) ||
    a.kindOrder - b.kindOrder ||
    byCodePoints(a.sortKey, b.sortKey) ||
    a.rowId - b.rowId;
}

/** The same proxy as distSql, in JS (for trains, which come from the provider). */
function planarDist(origin: { latitude: number; longitude: number }, lat: number, lon: number): number {
  const kx = 111_320 * Math.cos((origin.latitude * Math.PI) / 180);
  return ((lon - origin.longitude) * kx) ** 2 + ((lat - origin.latitude) * 110574) ** 2;
}

/** Where a result is, and how far from the origin (metres, null without one): the same three fields every source. */
const placed = (origin: SourceQuery['origin'], lat: number, lon: number) => ({
  distance: origin ? Math.round(haversine([origin.longitude, origin.latitude], [lon, lat])) : null,
  latitude: lat,
  longitude: lon,
});

/** The time fields of a result that has no times (only a train has: departure, arrival, last seen). */
const UNTIMED = { begin: null, end: null, last_seen: null };

interface RailwayRow {
  search: string;
  dist: number;
  id: number;
  code: string;
  name: string;
  kind: string | null;
  km: number | null;
  tudu: string | null;
  region: string | null;
  latitude: number;
  longitude: number;
  source: string;
  type_code: string;
  rank: number;
  kind_order: number;
  total: number;
}

async function searchRailway(db: Database, q: SourceQuery, types: string[], take: number) {
  const kindOrder = sql`(case when type_code = 'station' and (search like '%hl. n.%' or search like '%hlavni nadrazi%')
    then 0 when type_code = 'station' then 1 when type_code = 'halt' then 2 else 4 end)`;
  const rows = await queryRows<RailwayRow>(
    db,
    sql`select *, ${kindOrder} as kind_order, count(*) over () as total from (
      select id, code, name, search, kind, km, tudu, region, latitude, longitude, source,
        ${RAILWAY_TYPE_SQL} as type_code, ${rankSql(q)} as rank, ${distSql(q)} as dist
      from railway_points where active and ${HIDDEN_KINDS_SQL} and ${matchSql(q)}
    ) p where type_code in (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )})
    order by ${orderSql(q, kindOrder)} limit ${take}`,
  );
  const total = rows.length ? Number(rows[0].total) : 0;
  const list: Ranked[] = rows.map((r) => ({
    rank: Number(r.rank),
    kindOrder: Number(r.kind_order),
    sortKey: r.search,
    rowId: r.id,
    dist: Number(r.dist),
    s: {
      id: `${r.type_code}:${r.id}`,
      name: r.name,
      type_code: r.type_code,
      source: r.source,
      note:
        [r.km != null ? `km ${formatKm(r.km)}` : null, r.tudu ? `TUDU ${r.tudu}` : null].filter(Boolean).join(' · ') ||
        null,
      borough: null,
      town: null,
      district: null,
      region: r.region,
      jpo_name: null,
      jpo_id: null,
      ...placed(q.origin, r.latitude, r.longitude),
      title: r.kind ? `${r.name} (${r.kind.toLowerCase()})` : r.name,
      ...UNTIMED,
    },
  }));
  return { list, total };
}

/** 185.877 → '185,877' (Czech decimal comma, as SR70 writes it). */
export const formatKm = (km: number) => km.toFixed(3).replace('.', ',');

async function searchAddresses(db: Database, q: SourceQuery, take: number) {
  const { rows, total } = await queryAddresses(db, q, take);
  const list: Ranked[] = rows.map((r) => ({
    rank: Number(r.rank),
    kindOrder: 5,
    sortKey: r.search,
    rowId: r.id,
    dist: Number(r.dist),
    s: {
      id: `address:${r.id}`,
      name: r.title,
      type_code: SEARCH_TYPE_CODES.address,
      source: r.source,
      note: r.town_part && r.town_part !== r.town ? r.town_part : null,
      borough: r.town_part,
      town: r.town,
      district: r.district,
      region: r.region,
      jpo_name: r.jpo_name,
      jpo_id: r.jpo_id,
      ...placed(q.origin, r.latitude, r.longitude),
      title: r.title,
      ...UNTIMED,
    },
  }));
  return { list, total };
}

interface PlaceRow {
  search: string;
  dist: number;
  id: number;
  name: string;
  kind: string;
  population: number | null;
  district: string | null;
  region: string | null;
  latitude: number;
  longitude: number;
  rank: number;
  total: number;
}

const PLACE_KIND_LABEL: Record<string, string> = {
  capital: 'krajské město',
  city: 'statutární město',
  town: 'město',
  village: 'obec',
};

async function searchPlaces(db: Database, q: SourceQuery, take: number) {
  const rows = await queryRows<PlaceRow>(
    db,
    sql`select *, count(*) over () as total from (
      select id, name, search, kind, population, district, region, latitude, longitude,
        ${rankSql(q)} as rank, ${distSql(q)} as dist
      from places where ${matchSql(q)}
    ) p order by ${orderSql(q, sql`3`)} limit ${take}`,
  );
  const total = rows.length ? Number(rows[0].total) : 0;
  const list: Ranked[] = rows.map((r) => ({
    rank: Number(r.rank),
    kindOrder: 3,
    sortKey: r.search,
    rowId: r.id,
    dist: Number(r.dist),
    s: {
      id: `place:${r.id}`,
      name: r.name,
      type_code: SEARCH_TYPE_CODES.place,
      source: 'places',
      note:
        [PLACE_KIND_LABEL[r.kind] ?? r.kind, r.population ? `${r.population.toLocaleString('cs-CZ')} obyvatel` : null]
          .filter(Boolean)
          .join(' · ') || null,
      borough: null,
      town: r.name,
      district: r.district,
      region: r.region,
      jpo_name: null,
      jpo_id: null,
      ...placed(q.origin, r.latitude, r.longitude),
      title: r.district && r.district !== r.name ? `${r.name}, okres ${r.district}` : r.name,
      ...UNTIMED,
    },
  }));
  return { list, total };
}

/** 'from – to · carrier' with what is known: GRAPP's list gives none of them (null), the simulation all. */
export function trainNote(p: {
  vychozi_stanice: string | null;
  cilova_stanice: string | null;
  dopravce: string | null;
}) {
  const route = p.vychozi_stanice || p.cilova_stanice ? `${p.vychozi_stanice ?? '?'} – ${p.cilova_stanice ?? '?'}` : '';
  return [route, p.dopravce ?? ''].filter(Boolean).join(' · ') || null;
}

async function searchTrains(trains: TrainsProvider, q: SourceQuery, nowMs: number) {
  const digits = /\d+/.exec(q.term)?.[0] ?? '';
  if (!digits) return { list: [] as Ranked[], total: 0 };
  const features = await trains.search(digits, nowMs);
  const list: Ranked[] = features.map((f) => {
    const p = f.properties;
    const [lon, lat] = f.geometry.coordinates;
    return {
      rank: p.vlak_cislo === digits ? 0 : p.vlak_cislo.startsWith(digits) ? 1 : 3,
      kindOrder: 6,
      sortKey: p.vlak_cislo.padStart(6, '0'),
      rowId: Number(p.vlak_cislo),
      dist: q.origin ? planarDist(q.origin, lat, lon) : 0,
      s: {
        id: `train:${p.vlak_cislo}`,
        name: `${p.druh_vlaku} ${p.vlak_cislo}`,
        type_code: SEARCH_TYPE_CODES.train,
        source: trains.kind === 'simulation' ? 'simulation' : 'grapp',
        note: trainNote(p),
        borough: null,
        town: p.vyskyt,
        district: null,
        region: null,
        jpo_name: null,
        jpo_id: null,
        ...placed(q.origin, lat, lon),
        title: p.title,
        begin: p.odjezd ?? null,
        end: p.prijezd ?? null,
        last_seen: p.updated,
      },
    };
  });
  return { list, total: list.length };
}

/** Runs one search; the caller has read the params with the domain's `parseSearchParams`. */
export async function runSearch(
  db: Database,
  trains: TrainsProvider,
  params: SearchParams,
  nowMs: number,
): Promise<SearchResultAnswer> {
  const term = normalizeSearch(params.searchTerm);
  const types = params.typeCodes.length ? params.typeCodes : ALL_SEARCH_TYPE_CODES;
  const origin =
    params.latitude != null && params.longitude != null
      ? { latitude: params.latitude, longitude: params.longitude }
      : null;
  const take = params.offset + params.limit;
  const base = { term, tokens: term.split(' ').filter(Boolean), origin };
  const railwayTypes = types.filter((t) => RAILWAY_TYPES.includes(t));
  const parts = await Promise.all([
    railwayTypes.length ? searchRailway(db, { ...base, column: sql`search` }, railwayTypes, take) : null,
    types.includes(SEARCH_TYPE_CODES.address) ? searchAddresses(db, { ...base, column: sql`search` }, take) : null,
    types.includes(SEARCH_TYPE_CODES.place) ? searchPlaces(db, { ...base, column: sql`search` }, take) : null,
    types.includes(SEARCH_TYPE_CODES.train) ? searchTrains(trains, { ...base, column: sql`search` }, nowMs) : null,
  ]);
  const merged = parts.flatMap((p) => p?.list ?? []).sort(compare(origin != null));
  return {
    data: merged.slice(params.offset, params.offset + params.limit).map((r) => r.s),
    total: parts.reduce((sum, p) => sum + (p?.total ?? 0), 0),
  };
}
