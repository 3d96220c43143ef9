/**
 * The parcel at a point from ČÚZK's INSPIRE cadastral parcel download service (WFS 2.0.0, feature type
 * `CP:CadastralParcel`, https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp): a GetFeature with a ±1 m BBOX in
 * EPSG:5514 around the point; of the parcels that touch the box, the one whose polygon holds the point (else
 * the one with the nearest reference point). ČÚZK's WMS KN offers only GetCapabilities and GetMap, so the
 * card cannot ask it (GetFeatureInfo); the overlay still draws from it.
 *
 * GML read (namespace prefixes ignored): `cp:label` (parcel number, '211/8', 'st. 557'),
 * `cp:nationalCadastralReference` ('729051-211/8'), `cp:areaValue` (m², the area registered in the cadastre),
 * `cp:zoning` (`xlink:title` = cadastral zone name, `xlink:href` …`Id=CZ.729051` = its code),
 * `cp:inspireId/base:localId`, `cp:geometry` (gml:Polygon or MultiSurface; posList pairs x y in EPSG:5514),
 * `cp:referencePoint`. A `ows:ExceptionReport`, an answer that is not XML or not a FeatureCollection is a
 * failure (ServiceError, logged).
 */
import { callService, ServiceError, type FetchOptions } from '../../geo/http.js';
import { attr, child, descendants, ownText, parseXml, text, XmlFormatError, type XmlNode } from '../ogc/xml.js';

export interface Parcel {
  /** parcel number as ČÚZK writes it: '211/8', 'st. 557' */
  label: string | null;
  nationalCadastralReference: string | null;
  /** m² registered in the cadastre */
  area: number | null;
  zoneName: string | null;
  zoneCode: string | null;
  localId: string | null;
  /** outer rings, then holes, as [x, y] in EPSG:5514 */
  exteriors: [number, number][][];
  interiors: [number, number][][];
  referencePoint: [number, number] | null;
}

const CRS = 'urn:ogc:def:crs:EPSG::5514';

/** GetFeature URL: CP:CadastralParcel in a 2 × 2 m box around the point, EPSG:5514. */
export function parcelFeatureUrl(base: string, p: { x: number; y: number }, half = 1): string {
  const url = new URL(base);
  const params: Record<string, string> = {
    SERVICE: 'WFS',
    VERSION: '2.0.0',
    REQUEST: 'GetFeature',
    TYPENAMES: 'CP:CadastralParcel',
    SRSNAME: CRS,
    // EPSG:5514 is Krovak East North: x (easting) then y (northing), both negative
    BBOX: [p.x - half, p.y - half, p.x + half, p.y + half].map((v) => v.toFixed(2)).join(',') + `,${CRS}`,
    COUNT: '10',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

const numbers = (s: string | undefined): number[] =>
  (s ?? '')
    .trim()
    .split(/\s+/)
    .map(Number)
    .filter((n) => Number.isFinite(n));

function rings(node: XmlNode | undefined, key: 'exterior' | 'interior'): [number, number][][] {
  const out: [number, number][][] = [];
  for (const ring of descendants(node, key)) {
    for (const posList of descendants(ring, 'posList')) {
      const n = numbers(ownText(posList));
      const pts: [number, number][] = [];
      for (let i = 0; i + 1 < n.length; i += 2) pts.push([n[i], n[i + 1]]);
      if (pts.length >= 3) out.push(pts);
    }
  }
  return out;
}

function parcelOf(node: XmlNode): Parcel {
  const zoning = child(node, 'zoning');
  const href = attr(zoning, 'href');
  const areaText = text(node, 'areaValue');
  const area = Number(areaText);
  const refPos = numbers(ownText(descendants(child(node, 'referencePoint'), 'pos')[0]));
  return {
    label: text(node, 'label') ?? null,
    nationalCadastralReference: text(node, 'nationalCadastralReference') ?? null,
    area: areaText !== undefined && Number.isFinite(area) ? area : null,
    zoneName: attr(zoning, 'title') ?? null,
    zoneCode: href ? (/CZ\.(\d{6})/.exec(href)?.[1] ?? null) : null,
    localId: ownText(descendants(child(node, 'inspireId'), 'localId')[0]) ?? null,
    exteriors: rings(child(node, 'geometry'), 'exterior'),
    interiors: rings(child(node, 'geometry'), 'interior'),
    referencePoint: refPos.length >= 2 ? [refPos[0], refPos[1]] : null,
  };
}

export class GmlError extends Error {}

/** The parcels of a WFS 2.0 GetFeature answer; GmlError when it is not one (an exception report, garbage). */
export function parseParcels(body: string): Parcel[] {
  let doc: XmlNode;
  try {
    doc = parseXml(body);
  } catch (err) {
    throw new GmlError(err instanceof XmlFormatError ? err.message : 'not XML');
  }
  const report = child(doc, 'ExceptionReport');
  if (report) {
    const message = ownText(descendants(report, 'ExceptionText')[0]);
    throw new GmlError(`exception: ${message ?? 'unknown'}`);
  }
  // an empty collection (numberReturned="0") is an element with attributes only
  const collection = child(doc, 'FeatureCollection');
  if (!collection) throw new GmlError('not a FeatureCollection');
  return descendants(collection, 'CadastralParcel').map(parcelOf);
}

function inRing([x, y]: [number, number], ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function parcelContains(parcel: Parcel, point: [number, number]): boolean {
  return parcel.exteriors.some((r) => inRing(point, r)) && !parcel.interiors.some((r) => inRing(point, r));
}

/** The parcel holding the point, else the one with the nearest reference point, else the first; null if none. */
export function parcelAt(parcels: Parcel[], point: [number, number]): Parcel | null {
  const holding = parcels.find((p) => parcelContains(p, point));
  if (holding) return holding;
  const dist = (p: Parcel) =>
    p.referencePoint ? Math.hypot(p.referencePoint[0] - point[0], p.referencePoint[1] - point[1]) : Infinity;
  return [...parcels].sort((a, b) => dist(a) - dist(b))[0] ?? null;
}

/** Asks the WFS; ServiceError (logged) on timeout, HTTP error, an exception report or an unreadable answer. */
export async function fetchParcelAt(
  base: string,
  p: { x: number; y: number },
  opts: FetchOptions = {},
): Promise<Parcel | null> {
  const url = parcelFeatureUrl(base, p);
  const res = await callService('cadastre', url, { headers: { accept: 'application/gml+xml, text/xml' } }, opts);
  const body = await res.text();
  try {
    return parcelAt(parseParcels(body), [p.x, p.y]);
  } catch (err) {
    opts.log?.error({ service: 'cadastre', url, err, body: body.slice(0, 500) }, 'cadastre: unreadable WFS answer');
    throw new ServiceError('cadastre', 'cadastre: unreadable WFS answer', res.status);
  }
}
