/**
 * Geographic data we own (issue 6): railway operating points (SR70 codebook or the demo's hand-made set),
 * railway lines (polylines per track section), RÚIAN address points and named places. They feed the offline
 * base map, the map search (JSON-RPC fire.search), reverse geocoding and the simulated trains.
 * `search` columns hold the name lower-cased without diacritics (domain `normalizeSearch`).
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { jsonb } from './jsonb.js';

/** An SR70 operating point: station, halt, junction, siding… */
export const railwayPoints = pgTable(
  'railway_points',
  {
    id: serial('id').primaryKey(),
    /** SR70 'Evidenční číslo' (e.g. '570762'); demo rows use the same when known */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    search: text('search').notNull(),
    /** 'Kvalifikátor - popis', e.g. 'Železniční stanice', 'Železniční zastávka' */
    kind: text('kind'),
    /** 'Stav - popis'; active = not 'Zrušen' */
    state: text('state'),
    active: boolean('active').notNull().default(true),
    /** kilometre position on its line ('Km poloha') */
    km: doublePrecision('km'),
    /** track section code ('TUDU', e.g. '1704K1') and its section (first four characters, '1704') */
    tudu: text('tudu'),
    section: text('section'),
    region: text('region'),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    /** EPSG:5514 easting/northing as published (negative) */
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    source: text('source').notNull().default('demo'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('railway_points_search_idx').on(t.search),
    index('railway_points_section_idx').on(t.section),
    index('railway_points_lonlat_idx').on(t.longitude, t.latitude),
  ],
);

/** A railway line drawn on the map: one polyline (`[[lon, lat], …]`) per track section. */
export const railwayLines = pgTable('railway_lines', {
  id: serial('id').primaryKey(),
  /** track section ('1704') or a demo line code */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** [[lon, lat], …] in travel order */
  coordinates: jsonb('coordinates').$type<[number, number][]>().notNull(),
  /** 'main' (corridor and main lines) or 'regional' */
  category: text('category').notNull().default('regional'),
  source: text('source').notNull().default('demo'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A RÚIAN address point (address register). */
export const addressPoints = pgTable(
  'address_points',
  {
    id: serial('id').primaryKey(),
    /** RÚIAN 'Kód ADM' */
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    search: text('search').notNull(),
    street: text('street'),
    houseNumber: text('house_number'),
    town: text('town'),
    townPart: text('town_part'),
    district: text('district'),
    region: text('region'),
    postcode: text('postcode'),
    /** the fire-rescue unit covering the address */
    jpoId: integer('jpo_id'),
    jpoName: text('jpo_name'),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    source: text('source').notNull().default('demo'),
  },
  (t) => [
    // the search's candidates (modules/map/search/addressSearch.ts): the words of the name, and each word of one to
    // three letters joined with the next ('nad sazavou'), from the SQL function address_search_words (migration
    // 0011); a typed word is first looked up in address_words (which words contain it), then here
    index('address_points_search_words_idx').using('gin', sql`address_search_words(${t.search})`),
    // the search's order (normalized name by code points, then id): a broad term (thousands of matches) reads
    // its first page in this order instead of sorting every match (modules/map/search/search.ts)
    index('address_points_search_c_idx').on(sql`${t.search} collate "C"`, t.id),
    index('address_points_lonlat_idx').on(t.longitude, t.latitude),
  ],
);

/** Named places for the offline base map labels and the search (cities, towns, villages). */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    search: text('search').notNull(),
    /** 'capital' | 'city' | 'town' | 'village' — decides from which zoom the label shows */
    kind: text('kind').notNull().default('town'),
    population: integer('population'),
    district: text('district'),
    region: text('region'),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
  },
  (t) => [index('places_search_idx').on(t.search)],
);

/** Contacts of hunting regions added by operators (POST /hunting-region/contact). */
export const huntingContacts = pgTable(
  'hunting_contacts',
  {
    id: serial('id').primaryKey(),
    huntingRegionId: text('hunting_region_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hunting_contacts_region_idx').on(t.huntingRegionId)],
);

/**
 * The RÚIAN import's progress (issue 15): per source file (the zip's or CSV's name) and entry (a CSV inside the
 * zip or folder), the last line committed. A rerun skips the done entries and resumes a cut one after its last
 * committed line; a source imported to the end is skipped whole (idempotent).
 */
export const ruianImportProgress = pgTable(
  'ruian_import_progress',
  {
    source: text('source').notNull(),
    entry: text('entry').notNull(),
    /** the last line of the entry committed (0: none yet) */
    line: integer('line').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    done: boolean('done').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.entry] })],
);

/**
 * The vocabulary of the address search (issue 15): every element of `address_search_words(search)` over
 * address_points (words and the joined short words) with the number of address points holding it. Triggers on
 * address_points keep it (migration 0011), whatever writes the rows; the search looks a typed word up here
 * (which words contain it, how many rows they cover) before it asks the big index.
 */
export const addressWords = pgTable(
  'address_words',
  {
    word: text('word').primaryKey(),
    n: integer('n').notNull(),
  },
  // `word like '%typed%'`: a trigram index over the (small) vocabulary; without GIN's pending list, which every
  // search would read through until a vacuum merged it (the triggers write a few thousand words a batch)
  (t) => [index('address_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false })],
);
