import { describe, expect, it } from 'vitest';
import { BASE_LAYERS, effectiveBaseLayer, isLayerAvailable, type MapLayersConfig } from './layers';

const all: MapLayersConfig = {
  ztm: { type: 'wms', url: 'https://ztm', layers: '0' },
  ortho: { type: 'wms', url: 'https://ortho', layers: '0' },
  orthoLabels: { type: 'wms', url: 'https://ortho-labels', layers: '0' },
  tourist: { type: 'wms', url: 'https://tourist', layers: '0' },
  mapService: { type: 'xyz', url: 'https://tiles/{z}/{x}/{y}.png' },
};

describe('base layers and zoom-range fallback', () => {
  it('has the spec zoom ranges', () => {
    const ranges = Object.fromEntries(BASE_LAYERS.map((l) => [l.id, [l.minZoom, l.maxZoom]]));
    expect(ranges).toMatchObject({
      ztm: [0, 12],
      ortho: [8, 12],
      tourist: [0, 10],
      orthoLabels: [8, 12],
      mapService: [0, 10],
    });
  });

  it('keeps the chosen layer inside its zoom range', () => {
    expect(effectiveBaseLayer('ortho', 9, all)).toBe('ortho');
    expect(effectiveBaseLayer('tourist', 10, all)).toBe('tourist');
  });

  it('falls back when the zoom leaves the range, and returns when it comes back', () => {
    expect(effectiveBaseLayer('ortho', 7, all)).toBe('ztm');
    expect(effectiveBaseLayer('orthoLabels', 5, all)).toBe('ztm');
    expect(effectiveBaseLayer('tourist', 11, all)).toBe('ztm');
    expect(effectiveBaseLayer('ortho', 8, all)).toBe('ortho');
  });

  it('counts a WMTS layer only with the tile grid of its capabilities (issue 15), else falls back', () => {
    const ortho = {
      type: 'wmts' as const,
      url: 'https://geoportal.cuzk.gov.cz/WMTS_ORTOFOTO/WMTService.aspx',
      layer: 'orto',
    };
    const grid = {
      matrixSet: 'jtsk:epsg:5514',
      matrixIds: ['0'],
      resolutions: [2048.256],
      origin: [-925000, -920000] as [number, number],
      tileSize: 256,
      extent: [-925000, -1444353.536, -400646.464, -920000] as [number, number, number, number],
    };
    expect(effectiveBaseLayer('ortho', 9, { ortho })).toBe('offline');
    expect(effectiveBaseLayer('ortho', 9, { ortho: { ...ortho, tileGrid: grid } })).toBe('ortho');
  });

  it('ends in the offline map when nothing else is configured', () => {
    expect(effectiveBaseLayer('ortho', 10, {})).toBe('offline');
    expect(effectiveBaseLayer('ortho', 10, { ortho: all.ortho })).toBe('ortho');
    expect(effectiveBaseLayer('ortho', 3, { ortho: all.ortho })).toBe('offline');
    expect(isLayerAvailable('offline', 12, null)).toBe(true);
    expect(isLayerAvailable('ztm', 5, null)).toBe(false);
  });
});
