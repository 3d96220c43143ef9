/**
 * The GetMap request each WMS sample gets (fixtures: controls/fixtures/README.md): its own VERSION, SRS (1.1.1)
 * or CRS (1.3.0), a CRS it offers, and the BBOX in that CRS's axis order — the URL OpenLayers builds for a
 * tile over Prague, read back parameter by parameter.
 */
import { describe, expect, it } from 'vitest';
import type TileWMS from 'ol/source/TileWMS';
import { transform } from 'ol/proj';
import { chooseDroneCrs, parseCapabilities } from '../controls/droneCapabilities';
import arcgis from '../controls/fixtures/arcgis-wms-130-orwellheads.xml?raw';
import cuzk from '../controls/fixtures/cuzk-wms-capabilities.xml?raw';
import geoserver111 from '../controls/fixtures/geoserver-wms-111.xml?raw';
import { RESOLUTIONS } from '../projection';
import { droneTileSource } from './DroneLayer';

const PRAGUE: [number, number] = [14.42, 50.08];

/** the GetMap parameters (upper-case names) of the tile at zoom z over Prague, in the source's own CRS */
function getMap(source: TileWMS, z: number): Record<string, string> {
  const projection = source.getProjection();
  if (!projection) throw new Error('no projection');
  const grid = source.getTileGridForProjection(projection);
  const coord = grid.getTileCoordForCoordAndZ(transform(PRAGUE, 'EPSG:4326', projection), z);
  const url = source.getTileUrlFunction()(coord, 1, projection);
  if (!url) throw new Error('no url');
  return Object.fromEntries([...new URL(url).searchParams].map(([k, v]) => [k.toUpperCase(), v]));
}

const bbox = (params: Record<string, string>) => params.BBOX.split(',').map(Number);

/** the GetMap of a sample's layer, asked in the CRS the panel chooses from its capabilities */
function sampleGetMap(xml: string, layer: string, z = 8) {
  const info = parseCapabilities(xml).find((l) => l.name === layer);
  if (!info) throw new Error(`no layer ${layer}`);
  const { crs } = chooseDroneCrs(info.crs);
  if (!crs) throw new Error('no crs');
  const source = droneTileSource({ type: 'wms', url: 'https://dron.example/wms' }, info.name, crs, info.version);
  return getMap(source as TileWMS, z);
}

describe('GetMap in the service own version, CRS and axis order', () => {
  it('WMS 1.1.1 (GeoServer, EPSG:4326 only): VERSION=1.1.1, SRS=EPSG:4326, BBOX lon,lat', () => {
    const p = sampleGetMap(geoserver111, 'opengeo:poi');
    expect(p).toMatchObject({ VERSION: '1.1.1', SRS: 'EPSG:4326', LAYERS: 'opengeo:poi', REQUEST: 'GetMap' });
    expect(p.CRS).toBeUndefined();
    // zoom 8 of the EPSG:4326 grid: 1.40625° tiles; the one over Prague spans 14.0625–15.46875 E, 49.21875–50.625 N
    expect(bbox(p)).toEqual([14.0625, 49.21875, 15.46875, 50.625]);
  });

  it('WMS 1.3.0 (ArcGIS, CRS:84/4326/3857/102100): EPSG:3857, BBOX x,y in metres', () => {
    const p = sampleGetMap(arcgis, 'Wellheader');
    expect(p).toMatchObject({ VERSION: '1.3.0', CRS: 'EPSG:3857', LAYERS: 'Wellheader' });
    expect(p.SRS).toBeUndefined();
    const [minX, minY, maxX, maxY] = bbox(p);
    expect(minX).toBeCloseTo(1565430.339, 2);
    expect(maxX).toBeCloseTo(1721973.373, 2);
    expect(minY).toBeCloseTo(6418264.391, 2);
    expect(maxY).toBeCloseTo(6574807.425, 2);
  });

  it('WMS 1.3.0 in EPSG:4326 (ČÚZK ZABAGED, no S-JTSK): CRS=EPSG:4326, BBOX lat,lon', () => {
    const p = sampleGetMap(cuzk, 'GL_CA010');
    expect(p).toMatchObject({ VERSION: '1.3.0', CRS: 'EPSG:4326', LAYERS: 'GL_CA010' });
    expect(bbox(p)).toEqual([49.21875, 14.0625, 50.625, 15.46875]);
  });

  it('WMS 1.3.0 offering EPSG:5514 (ČÚZK Ortofoto): CRS=EPSG:5514 on the view grid, BBOX x,y (east first)', () => {
    const p = sampleGetMap(cuzk, 'GR_ORTFOTORGB');
    expect(p).toMatchObject({ VERSION: '1.3.0', CRS: 'EPSG:5514', LAYERS: 'GR_ORTFOTORGB' });
    const [minX, minY, maxX, maxY] = bbox(p);
    // S-JTSK x of Prague is about -743 km and y about -1043 km: x (the smaller magnitude) comes first
    const [x, y] = transform(PRAGUE, 'EPSG:4326', 'EPSG:5514');
    expect(x).toBeGreaterThan(-760000);
    expect([minX <= x && x < maxX, minY <= y && y < maxY]).toEqual([true, true]);
    expect(maxX - minX).toBeCloseTo(256 * RESOLUTIONS[8], 6); // the view's zoom 8 (≈ 2 m/px), 256 px tiles
  });

  it('a CRS:84-only layer (the ArcGIS sample cut to CRS:84): CRS=CRS:84, BBOX lon,lat, drawn reprojected', () => {
    const only84 = arcgis.replace(/<CRS>(EPSG:\d+)<\/CRS>/g, '');
    const p = sampleGetMap(only84, 'Wellheader');
    expect(p).toMatchObject({ VERSION: '1.3.0', CRS: 'CRS:84' });
    expect(bbox(p)).toEqual([14.0625, 49.21875, 15.46875, 50.625]);
  });

  it('the same layers read from the wms:-prefixed form of a document', () => {
    const prefixed = arcgis
      .replace(/<(\/?)(?!\?|!)([A-Za-z_][\w.-]*)([\s>/])/g, (m, slash: string, tag: string, end: string) =>
        tag.includes(':') ? m : `<${slash}wms:${tag}${end}`,
      )
      .replace('xmlns="http://www.opengis.net/wms"', 'xmlns:wms="http://www.opengis.net/wms"');
    expect(prefixed).toContain('<wms:Layer queryable="1">');
    expect(sampleGetMap(prefixed, 'Wellheader')).toEqual(sampleGetMap(arcgis, 'Wellheader'));
  });
});
