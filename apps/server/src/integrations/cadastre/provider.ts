/**
 * Cadastre provider (001 §2 cadastre card, §7 "GET cadastre service", §8 its error): `{link, content}` for a
 * point.
 *
 * - Default (offline): `link` = the ČÚZK cadastre viewer at the point; `content` = an HTML fragment of our own
 *   (every value escaped) with the S-JTSK and WGS84 coordinates, the nearest address and place from our
 *   tables and a note that parcel data need the cadastre service.
 * - `CADASTRE_WMS_URL`: a WMS 1.3.0 GetFeatureInfo (layer parcels, CRS EPSG:5514, info_format text/html) at
 *   the point; the answer's body, sanitized, is the content. Any failure throws ServiceError (logged); the route
 *   answers 502 with the spec's text.
 */
import type { Database } from '../../db/client.js';
import { nearestAddress, nearestPlace } from '../geo/data.js';
import { callService, ServiceError, type FetchOptions } from '../geo/http.js';
import { formatDistance } from '@panel/domain/locale';
import { bodyOf, escapeHtml, sanitizeHtml } from './sanitize.js';

export interface CadastrePoint {
  /** EPSG:5514 (negative) */
  x: number;
  y: number;
  lon: number;
  lat: number;
}

export interface CadastreAnswer {
  link: string;
  content: string;
}

export interface CadastreProvider {
  readonly kind: 'offline' | 'wms';
  lookup(point: CadastrePoint): Promise<CadastreAnswer>;
}

export const CADASTRE_VIEWER = 'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx';
export const CADASTRE_LAYER = 'parcels';

export const cadastreTexts = {
  title: 'Bod na mapě',
  sjtsk: 'S-JTSK',
  wgs84: 'WGS84',
  address: 'Nejbližší adresa',
  place: 'Obec',
  none: 'nenalezeno',
  note: 'Údaje o parcelách poskytuje služba Katastru nemovitostí; v tomto provozu není připojena.',
  empty: 'Na tomto místě nebyla nalezena žádná parcela.',
} as const;

/** `https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x={x}&y={y}` with positive rounded S-JTSK values. */
export function cadastreLink(x: number, y: number): string {
  return `${CADASTRE_VIEWER}?l=KN&x=${Math.round(Math.abs(x))}&y=${Math.round(Math.abs(y))}`;
}

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
      const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
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
        row(cadastreTexts.sjtsk, escapeHtml(`Y ${metres(p.x)}, X ${metres(p.y)}`)) +
        row(cadastreTexts.wgs84, escapeHtml(`${p.lat.toFixed(6)}N, ${p.lon.toFixed(6)}E`)) +
        row(cadastreTexts.address, addressText) +
        row(cadastreTexts.place, placeText) +
        `</table><p><i>${escapeHtml(cadastreTexts.note)}</i></p></div>`;
      return { link: cadastreLink(p.x, p.y), content };
    },
  };
}

/** The GetFeatureInfo URL: a 101 × 101 px window of 1 m pixels centred on the point, asking the centre pixel. */
export function featureInfoUrl(base: string, p: Pick<CadastrePoint, 'x' | 'y'>): string {
  const url = new URL(base);
  const half = 50.5;
  const params: Record<string, string> = {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetFeatureInfo',
    LAYERS: CADASTRE_LAYER,
    QUERY_LAYERS: CADASTRE_LAYER,
    STYLES: '',
    CRS: 'EPSG:5514',
    // EPSG:5514 is Krovak East North: easting, northing (both negative)
    BBOX: [p.x - half, p.y - half, p.x + half, p.y + half].map((v) => v.toFixed(2)).join(','),
    WIDTH: '101',
    HEIGHT: '101',
    I: '50',
    J: '50',
    FORMAT: 'image/png',
    INFO_FORMAT: 'text/html',
    FEATURE_COUNT: '5',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function wmsCadastreProvider(base: string, opts: FetchOptions = {}): CadastreProvider {
  return {
    kind: 'wms',
    async lookup(p) {
      const res = await callService('cadastre', featureInfoUrl(base, p), { headers: { accept: 'text/html' } }, opts);
      const html = await res.text();
      if (/<(?:\w+:)?ServiceExceptionReport/i.test(html)) {
        opts.log?.error({ service: 'cadastre', body: html.slice(0, 500) }, 'cadastre: WMS exception');
        throw new ServiceError('cadastre', 'cadastre: WMS exception');
      }
      const content = sanitizeHtml(bodyOf(html)).trim();
      return {
        link: cadastreLink(p.x, p.y),
        content: content || `<p>${escapeHtml(cadastreTexts.empty)}</p>`,
      };
    },
  };
}

export function cadastreProvider(db: Database, url: string | undefined, opts: FetchOptions = {}): CadastreProvider {
  return url ? wmsCadastreProvider(url, opts) : offlineCadastreProvider(db);
}
