/**
 * The WMTS source the panel builds from the tile grid the server read from ČÚZK's capabilities (jtsk:epsg:5514,
 * fixture apps/server/src/integrations/map/wmts/fixtures, GISMentors/open-source-gis standardy/ogc/wmts.rst).
 */
import { describe, expect, it } from 'vitest';
import type WMTS from 'ol/source/WMTS';
import type { LayerSource, TileGridDef } from '@panel/domain/map';
import { registerProjection, RESOLUTIONS } from '../projection';
import { serviceSource } from './serviceSource';

// what the server sends for ČÚZK's matrix set: 15 matrices, ScaleDenominator 7315200 / 2^i × 0.00028
const cuzkGrid: TileGridDef = {
  matrixSet: 'jtsk:epsg:5514',
  matrixIds: Array.from({ length: 15 }, (_, i) => String(i)),
  resolutions: Array.from({ length: 15 }, (_, i) => (7315200 / 2 ** i) * 0.00028),
  origin: [-925000, -920000],
  tileSize: 256,
  extent: [-925000, -1444353.536, -400646.464, -920000],
};

const ortho: LayerSource = {
  type: 'wmts',
  url: 'https://geoportal.cuzk.gov.cz/WMTS_ORTOFOTO/WMTService.aspx',
  layer: 'orto',
  format: 'image/jpeg',
  style: 'default',
  tileGrid: cuzkGrid,
};

describe('serviceSource (WMTS)', () => {
  registerProjection();

  it('a 2 m/px view asks ČÚZK matrix 10 (its 2 m/px level), not 8', () => {
    const source = serviceSource(ortho) as WMTS;
    const grid = source.getTileGrid()!;
    // view zoom 8 of 001 §9 is 512.065 / 2^8 ≈ 2 m/px
    const z = grid.getZForResolution(RESOLUTIONS[8]);
    expect(source.getMatrixSet()).toBe('jtsk:epsg:5514');
    expect((grid as unknown as { getMatrixId(z: number): string }).getMatrixId(z)).toBe('10');
    expect(grid.getResolution(z)).toBeCloseTo(2.00025, 5);
    expect(grid.getOrigin(z)).toEqual([-925000, -920000]);
    const url = source.getTileUrlFunction()([z, 500, 300], 1, source.getProjection()!)!;
    // KVP parameter names are case-insensitive (OGC 07-057r7 §7.2.2); OpenLayers writes some in lower case
    const query = new Map([...new URL(url).searchParams].map(([k, v]) => [k.toLowerCase(), v]));
    const params = { get: (name: string) => query.get(name.toLowerCase()) };
    expect(params.get('TileMatrix')).toBe('10');
    expect(params.get('TileMatrixSet')).toBe('jtsk:epsg:5514');
    expect(params.get('Layer')).toBe('orto');
    expect(params.get('Format')).toBe('image/jpeg');
    expect(params.get('Request')).toBe('GetTile');
  });

  it('every view zoom 0–12 maps to matrix zoom + 2', () => {
    const grid = (serviceSource(ortho) as WMTS).getTileGrid() as unknown as {
      getZForResolution(r: number): number;
      getMatrixId(z: number): string;
    };
    RESOLUTIONS.forEach((r, zoom) => expect(grid.getMatrixId(grid.getZForResolution(r))).toBe(String(zoom + 2)));
  });

  it('draws no WMTS layer whose grid the server did not send (it would be guessed)', () => {
    expect(serviceSource({ ...ortho, tileGrid: undefined })).toBeNull();
  });
});
