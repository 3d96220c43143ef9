/**
 * Reading a WMTS 1.0.0 GetCapabilities document (OGC 07-057r7): the layers (identifier, formats, styles, linked
 * tile matrix sets, ResourceURL templates) and the tile matrix sets (CRS and, per matrix, identifier,
 * resolution, top-left corner, tile and matrix size). The panel builds its tile grids from these, never from
 * assumed numbers: ČÚZK's `jtsk:epsg:5514` starts at 2048.256 m/px, not at the view's first resolution.
 */
import { attr, child, children, parseXml, path, text, texts, XmlFormatError, type XmlNode } from '../ogc/xml.js';

/** OGC's standardized rendering pixel size (0.28 mm): resolution = ScaleDenominator × this, in CRS units. */
export const STANDARD_PIXEL_SIZE = 0.00028;

export interface TileMatrix {
  identifier: string;
  scaleDenominator: number;
  /** metres per pixel (projected CRS in metres) */
  resolution: number;
  /** [x, y] in the CRS's easting/northing order, whatever the document's axis order */
  topLeft: [number, number];
  tileWidth: number;
  tileHeight: number;
  matrixWidth: number;
  matrixHeight: number;
}

export interface TileMatrixSet {
  identifier: string;
  crs: string;
  matrices: TileMatrix[];
}

export interface ResourceUrl {
  format: string;
  resourceType: string;
  template: string;
}

export interface WmtsLayer {
  identifier: string;
  title?: string;
  formats: string[];
  styles: string[];
  defaultStyle?: string;
  matrixSets: string[];
  resourceUrls: ResourceUrl[];
}

export interface WmtsCapabilities {
  layers: WmtsLayer[];
  matrixSets: TileMatrixSet[];
  /** the KVP GetTile address the service announces (OperationsMetadata), if any */
  getTileUrl?: string;
}

const ARRAYS = [
  'Layer',
  'Format',
  'Style',
  'TileMatrixSetLink',
  'TileMatrixSet',
  'TileMatrix',
  'ResourceURL',
  'Operation',
  'Get',
  'Keyword',
  'TileMatrixLimits',
  'Value',
];

/**
 * CRSs whose EPSG definition puts latitude/northing (or southing) first. Capabilities give TopLeftCorner in the
 * CRS's own axis order, so these are swapped to [x, y]. EPSG:5514 (Krovak East North) is easting first: no swap.
 */
const NORTH_FIRST = new Set(['4326', '4258', '3035', '5513', '2065']);

function epsgCode(crs: string): string | null {
  // EPSG:5514, urn:ogc:def:crs:EPSG::5514, urn:ogc:def:crs:EPSG:6.3:4326, http://www.opengis.net/def/crs/EPSG/0/5514
  const m = /EPSG(?::[\d.]*)?[:/](?:0\/)?(\d+)$/i.exec(crs.trim());
  return m ? m[1] : null;
}

function number(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n)) {
    throw new XmlFormatError(`WMTS capabilities: ${what} is not a number (${value ?? 'missing'})`);
  }
  return n;
}

function readMatrix(node: XmlNode, crs: string): TileMatrix {
  const identifier = text(node, 'Identifier');
  if (!identifier) throw new XmlFormatError('WMTS capabilities: a TileMatrix without Identifier');
  const scaleDenominator = number(text(node, 'ScaleDenominator'), `ScaleDenominator of ${identifier}`);
  const corner = (text(node, 'TopLeftCorner') ?? '').trim().split(/\s+/);
  const a = number(corner[0], `TopLeftCorner of ${identifier}`);
  const b = number(corner[1], `TopLeftCorner of ${identifier}`);
  const code = epsgCode(crs);
  return {
    identifier,
    scaleDenominator,
    resolution: scaleDenominator * STANDARD_PIXEL_SIZE,
    topLeft: code && NORTH_FIRST.has(code) ? [b, a] : [a, b],
    tileWidth: number(text(node, 'TileWidth'), `TileWidth of ${identifier}`),
    tileHeight: number(text(node, 'TileHeight'), `TileHeight of ${identifier}`),
    matrixWidth: number(text(node, 'MatrixWidth'), `MatrixWidth of ${identifier}`),
    matrixHeight: number(text(node, 'MatrixHeight'), `MatrixHeight of ${identifier}`),
  };
}

function readLayer(node: XmlNode): WmtsLayer | null {
  const identifier = text(node, 'Identifier');
  if (!identifier) return null;
  const styles = children(node, 'Style');
  const preferred = styles.find((s) => attr(s, 'isDefault') === 'true') ?? styles[0];
  return {
    identifier,
    title: text(node, 'Title'),
    formats: texts(node, 'Format'),
    styles: styles.map((s) => text(s, 'Identifier')).filter((s): s is string => Boolean(s)),
    defaultStyle: text(preferred, 'Identifier'),
    matrixSets: children(node, 'TileMatrixSetLink')
      .map((l) => text(l, 'TileMatrixSet'))
      .filter((s): s is string => Boolean(s)),
    resourceUrls: children(node, 'ResourceURL')
      .map((r) => ({
        format: attr(r, 'format') ?? '',
        resourceType: attr(r, 'resourceType') ?? '',
        template: attr(r, 'template') ?? '',
      }))
      .filter((r) => r.template !== ''),
  };
}

/** Parses the document; throws XmlFormatError when it is not WMTS capabilities. */
export function parseWmtsCapabilities(xml: string): WmtsCapabilities {
  const doc = parseXml(xml, ARRAYS);
  const root = child(doc, 'Capabilities');
  if (!root) throw new XmlFormatError('not a WMTS Capabilities document');
  const contents = child(root, 'Contents');
  const layers = children(contents, 'Layer')
    .map(readLayer)
    .filter((l): l is WmtsLayer => l !== null);
  const matrixSets = children(contents, 'TileMatrixSet').map((set) => {
    const identifier = text(set, 'Identifier') ?? '';
    const crs = text(set, 'SupportedCRS') ?? '';
    return { identifier, crs, matrices: children(set, 'TileMatrix').map((m) => readMatrix(m, crs)) };
  });
  const getTile = children(path(root, 'OperationsMetadata'), 'Operation').find((o) => attr(o, 'name') === 'GetTile');
  const get = children(path(getTile, 'DCP', 'HTTP'), 'Get')[0];
  return { layers, matrixSets, getTileUrl: attr(get, 'href') };
}
