/**
 * Cadastre provider (001 §2 cadastre card, §7 "GET cadastre service", §8 its error): `{link, content}` for a
 * point.
 *
 * - Default (offline): `link` = the ČÚZK cadastre viewer at the point; `content` = an HTML fragment of our own
 *   (every value escaped) with the S-JTSK and WGS84 coordinates, the nearest address and place from our
 *   tables and a note that parcel data need the cadastre service.
 * - `CADASTRE_WFS_URL` (ČÚZK: https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp): the parcel at the point
 *   from the INSPIRE parcel service (inspire.ts) — number, cadastral zone, area, national reference — and the
 *   point's coordinates, every value escaped. Any failure (timeout, HTTP error, exception report, garbage)
 *   throws ServiceError (logged); the route answers 502 with the spec's text.
 * - `CADASTRE_WMS_URL` only draws the overlay (layers CADASTRE_WMS_LAYERS, default `KN`): ČÚZK's WMS KN has
 *   no GetFeatureInfo.
 */
import type { Database } from '../../../db/client.js';
import { nearestAddress, nearestPlace } from '../../geo/data.js';
import type { FetchOptions } from '../../geo/http.js';
import { formatDistance } from '@panel/domain/locale';
import type { CadastreAnswer } from '@panel/domain/map';
import { fetchParcelAt } from './inspire.js';
import { escapeHtml } from './sanitize.js';

export interface CadastrePoint {
  /** EPSG:5514 (negative) */
  x: number;
  y: number;
  lon: number;
  lat: number;
}

export interface CadastreProvider {
  readonly kind: 'offline' | 'inspire';
  lookup(point: CadastrePoint): Promise<CadastreAnswer>;
}

export const CADASTRE_VIEWER = 'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx';
export { CADASTRE_WMS_LAYERS } from './defaults.js';

export const cadastreTexts = {
  title: 'Bod na mapě',
  sjtsk: 'S-JTSK',
  wgs84: 'WGS84',
  address: 'Nejbližší adresa',
  place: 'Obec',
  none: 'nenalezeno',
  note: 'Údaje o parcelách poskytuje služba Katastru nemovitostí; v tomto provozu není připojena.',
  empty: 'Na tomto místě nebyla nalezena žádná parcela.',
  parcel: 'Parcela',
  zone: 'Katastrální území',
  area: 'Výměra',
  reference: 'Označení parcely',
  unknown: 'neuvedeno',
} as const;

/**
 * `https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-744000&y=-1044000`: the viewer's `x` is the
 * EPSG:5514 easting (−Y of S-JTSK, about −430 000 … −905 000), `y` the northing (−X, about −935 000 …
 * −1 230 000), both negative and rounded to metres — the form public clients use (QGIS VFK plugin
 * `MapaIdentifikace.aspx?&x=-{Y}&y=-{X}`, fixtures/README.md). Either sign in, negative out.
 */
export function cadastreLink(x: number, y: number): string {
  return `${CADASTRE_VIEWER}?l=KN&x=${-Math.round(Math.abs(x))}&y=${-Math.round(Math.abs(y))}`;
}

const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;

/** S-JTSK and WGS84 of the point (values escaped). */
const pointRows = (p: CadastrePoint) =>
  row(cadastreTexts.sjtsk, escapeHtml(`Y ${metres(p.x)}, X ${metres(p.y)}`)) +
  row(cadastreTexts.wgs84, escapeHtml(`${p.lat.toFixed(6)}N, ${p.lon.toFixed(6)}E`));
const pointTable = (p: CadastrePoint) => `<table>${pointRows(p)}</table>`;

/** 1234 → '1 234' (Czech thousands with a no-break space) */
const area = (m2: number) =>
  Math.round(m2)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** 743264.123 → '743 264,12' */
const metres = (v: number) =>
  Math.abs(v)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

export function offlineCadastreProvider(db: Database): CadastreProvider {
  return {
    kind: 'offline',
    async lookup(p) {
      const [address, place] = await Promise.all([
        nearestAddress(db, [p.lon, p.lat], 2000),
        nearestPlace(db, [p.lon, p.lat]),
      ]);
      const addressText = address
        ? `${escapeHtml(address.address.title)} (${escapeHtml(formatDistance(address.distance))})`
        : escapeHtml(cadastreTexts.none);
      const placeText = place
        ? escapeHtml(
            [place.place.name, place.place.district, place.place.region].filter(Boolean).join(', ') +
              ` (${formatDistance(place.distance)})`,
          )
        : escapeHtml(cadastreTexts.none);
      const content =
        `<div class="cadastre"><table>` +
        pointRows(p) +
        row(cadastreTexts.address, addressText) +
        row(cadastreTexts.place, placeText) +
        `</table><p><i>${escapeHtml(cadastreTexts.note)}</i></p></div>`;
      return { link: cadastreLink(p.x, p.y), content };
    },
  };
}

/** The parcel from ČÚZK's INSPIRE parcel WFS (inspire.ts) with the point's coordinates; the viewer link. */
export function inspireCadastreProvider(base: string, opts: FetchOptions = {}): CadastreProvider {
  return {
    kind: 'inspire',
    async lookup(p) {
      const parcel = await fetchParcelAt(base, p, opts);
      const link = cadastreLink(p.x, p.y);
      if (!parcel) {
        return {
          link,
          content: `<div class="cadastre"><p>${escapeHtml(cadastreTexts.empty)}</p>${pointTable(p)}</div>`,
        };
      }
      const zone = [parcel.zoneName, parcel.zoneCode && `(${parcel.zoneCode})`].filter(Boolean).join(' ');
      const rows = [
        row(cadastreTexts.parcel, escapeHtml(parcel.label ?? cadastreTexts.unknown)),
        row(cadastreTexts.zone, escapeHtml(zone || cadastreTexts.unknown)),
        row(cadastreTexts.area, escapeHtml(parcel.area === null ? cadastreTexts.unknown : `${area(parcel.area)} m²`)),
        row(cadastreTexts.reference, escapeHtml(parcel.nationalCadastralReference ?? cadastreTexts.unknown)),
      ].join('');
      return { link, content: `<div class="cadastre"><table>${rows}${pointRows(p)}</table></div>` };
    },
  };
}

/** CADASTRE_WFS_URL → the INSPIRE parcel service; otherwise offline (CADASTRE_WMS_URL only draws the overlay). */
export function cadastreProvider(db: Database, wfsUrl: string | undefined, opts: FetchOptions = {}): CadastreProvider {
  return wfsUrl ? inspireCadastreProvider(wfsUrl, opts) : offlineCadastreProvider(db);
}
