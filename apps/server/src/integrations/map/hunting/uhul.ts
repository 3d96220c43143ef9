/**
 * Hunting regions from the public source: ÚHÚL's (now Národní lesnický institut) WMS of hunting grounds
 * "II. HONITBY" (issue 24 item 16). `HUNTING_WMS_URL` (e.g. `https://geoportal.nli.gov.cz/wms_mysl/WMService.aspx`,
 * formerly `https://geoportal.uhul.cz/wms_mysl/service.svc/get`), layers `HUNTING_WMS_LAYERS` (default the
 * boundaries, names and codes a public client draws: `Honitby_hranice,Honitby_nazev_2,Honitby_kod_2`).
 *
 * - The map draws the layers as the `hunting` overlay (mapLayersConfig.ts, the map's layer mechanism).
 * - The card asks WMS 1.3.0 `GetFeatureInfo` of the first layer at the point: EPSG:5514 (Křovák East-North,
 *   easting first), a 101 × 101 px window of ±50 m around it, I = J = 50, `INFO_FORMAT=text/xml`. The answer
 *   is read in the two XML forms such services give: ArcGIS's `<FeatureInfoResponse><FIELDS a="…"/>` (ČÚZK and
 *   NLI run `WMService.aspx` over ArcGIS) and GML (`msGMLOutput`, `FeatureCollection`/`featureMember`).
 * - ÚHÚL publishes the region's name and code, not its company or contacts: the card shows name and code,
 *   kraj/okres/ORP of the nearest place (our tables), no company (null), and our own contacts of the region
 *   (`hunting_contacts`, region id `UHUL-{code}`).
 *
 * The attribute names of ÚHÚL's layer are not published anywhere we could read (fixtures/README.md): the name
 * is taken from the first attribute called like `NAZEV…`/`NAZ_…`, the code from `KOD…`/`CISLO…` (any case).
 * An answer without them, an exception report or garbage is an outage (ServiceError, logged), never "no region".
 */
import { lonLat } from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { nearestPlace } from '../../geo/data.js';
import { toSjtsk } from '../../geo/krovak.js';
import { callService, ServiceError, type FetchOptions } from '../../geo/http.js';
import { attr, children, ownText, parseXml, XmlFormatError, type XmlNode, type XmlValue } from '../ogc/xml.js';
import { UHUL_DEFAULT_LAYERS } from './defaults.js';
import { contactsOf, offlineHuntingProvider, type HuntingProvider } from './provider.js';

/** half the GetFeatureInfo window, metres */
const HALF = 50;
const PIXELS = 101;

export interface HuntingGround {
  name: string;
  code: string;
  /** every attribute of the feature as the service gave it */
  attributes: Record<string, string>;
}

export const uhulRegionId = (code: string) => `UHUL-${code}`;
export const isUhulRegionId = (id: string) => /^UHUL-[\p{L}\p{N}._/-]{1,40}$/u.test(id);

/** The GetFeatureInfo URL for a point in S-JTSK (`x`, `y` negative, easting first as EPSG:5514 orders them). */
export function uhulFeatureInfoUrl(base: string, layer: string, p: { x: number; y: number }): string {
  const url = new URL(base);
  const q = {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetFeatureInfo',
    LAYERS: layer,
    QUERY_LAYERS: layer,
    STYLES: '',
    CRS: 'EPSG:5514',
    BBOX: [p.x - HALF, p.y - HALF, p.x + HALF, p.y + HALF].map((v) => v.toFixed(2)).join(','),
    WIDTH: String(PIXELS),
    HEIGHT: String(PIXELS),
    I: String((PIXELS - 1) / 2),
    J: String((PIXELS - 1) / 2),
    INFO_FORMAT: 'text/xml',
    FEATURE_COUNT: '5',
  };
  for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
  return url.toString();
}

const NAME_KEY = /^(nazev|naz_|naz$|name$)/i;
const CODE_KEY = /^(kod|cislo|code$)/i;

function groundOf(attributes: Record<string, string>): HuntingGround | null {
  const entries = Object.entries(attributes).filter(([, v]) => v && v.toLowerCase() !== 'null');
  const name = entries.find(([k]) => NAME_KEY.test(k))?.[1];
  const code = entries.find(([k]) => CODE_KEY.test(k))?.[1];
  return name && code ? { name: name.trim(), code: code.trim(), attributes } : null;
}

/** the text-only children of a GML feature (its properties); geometry and bounds have children of their own */
function propertiesOf(node: XmlNode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@') || key === '#text') continue;
    const first = (Array.isArray(value) ? value[0] : value) as XmlValue;
    const text = typeof first === 'string' ? first : ownText(first as XmlNode);
    const nested = typeof first === 'object' && Object.keys(first).some((k) => k !== '#text' && !k.startsWith('@'));
    if (text !== undefined && !nested) out[key] = text;
  }
  return out;
}

function attributesOf(node: XmlNode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@') && typeof value === 'string') out[key.slice(1)] = value;
  }
  return out;
}

/**
 * The hunting grounds of a GetFeatureInfo answer, nearest first as the service lists them. Throws
 * XmlFormatError for garbage, an exception report, or features without a name and code.
 */
export function parseHuntingFeatureInfo(body: string): HuntingGround[] {
  const doc = parseXml(body);
  const [rootName, rootValue] = Object.entries(doc).find(([k]) => !k.startsWith('@') && k !== '#text') ?? [];
  if (!rootName || Array.isArray(rootValue)) throw new XmlFormatError('no root element');
  // an empty root (`<FeatureInfoResponse …></FeatureInfoResponse>`: nothing at the point) parses as text
  const root: XmlNode = typeof rootValue === 'object' ? rootValue : {};
  if (/ExceptionReport$/.test(rootName)) {
    const first = children(root, 'ServiceException')[0] ?? children(root, 'Exception')[0];
    throw new XmlFormatError(`service exception: ${ownText(first) ?? attr(first, 'exceptionCode') ?? ''}`.trim());
  }
  let rows: Record<string, string>[];
  if (rootName === 'FeatureInfoResponse') {
    rows = children(root, 'FIELDS').map(attributesOf);
  } else if (rootName === 'msGMLOutput') {
    rows = Object.entries(root)
      .filter(([k]) => k.endsWith('_layer'))
      .flatMap(([k]) =>
        children(root, k).flatMap((layer) =>
          Object.keys(layer)
            .filter((f) => f.endsWith('_feature'))
            .flatMap((f) => children(layer, f).map(propertiesOf)),
        ),
      );
  } else if (rootName === 'FeatureCollection') {
    rows = [...children(root, 'featureMember'), ...children(root, 'member')].flatMap((m) =>
      Object.entries(m)
        .filter(([k]) => !k.startsWith('@'))
        .flatMap(([k]) => children(m, k).map(propertiesOf)),
    );
  } else {
    throw new XmlFormatError(`unexpected answer <${rootName}>`);
  }
  const grounds = rows.map(groundOf);
  if (grounds.some((g) => g === null)) throw new XmlFormatError('a feature without a name and code');
  return grounds as HuntingGround[];
}

export function uhulHuntingProvider(
  db: Database,
  url: string,
  layers: string = UHUL_DEFAULT_LAYERS,
  opts: FetchOptions = {},
): HuntingProvider {
  const offline = offlineHuntingProvider(db);
  const queryLayer = layers.split(',')[0].trim();
  return {
    kind: 'uhul',
    async regions(lat, lon) {
      const p = toSjtsk(lonLat(lon, lat));
      const requestUrl = uhulFeatureInfoUrl(url, queryLayer, p);
      const res = await callService('hunting', requestUrl, { headers: { accept: 'text/xml, application/xml' } }, opts);
      const body = await res.text();
      let grounds: HuntingGround[];
      try {
        grounds = parseHuntingFeatureInfo(body);
      } catch (err) {
        opts.log?.error({ service: 'hunting', url: requestUrl, err, body: body.slice(0, 500) }, 'hunting: unreadable');
        throw new ServiceError('hunting', 'hunting: unreadable GetFeatureInfo answer', res.status);
      }
      const ground = grounds[0];
      if (!ground) return { features: [] };
      const id = uhulRegionId(ground.code);
      const [place, town, contacts] = await Promise.all([
        nearestPlace(db, [lon, lat]),
        nearestPlace(db, [lon, lat], ['city', 'town', 'capital']),
        contactsOf(db, [id]),
      ]);
      return {
        features: [
          {
            type: 'Feature',
            id,
            // GetFeatureInfo gives no geometry: the overlay draws the boundaries
            geometry: null,
            properties: {
              id,
              name: ground.name,
              code: ground.code,
              source: 'ÚHÚL',
              kraj: place?.place.region ?? null,
              okres: place?.place.district ?? null,
              orp: town?.place.name ?? place?.place.name ?? null,
              huntingCompany: null,
              contacts: contacts.get(id) ?? [],
            },
          },
        ],
      };
    },
    // ÚHÚL keeps no contacts: the region's contacts are ours
    saveContact: (input, userId) => offline.saveContact(input, userId),
    deleteContact: (id) => offline.deleteContact(id),
  };
}
