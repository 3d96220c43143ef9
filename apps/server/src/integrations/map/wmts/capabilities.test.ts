/** WMTS capabilities against ČÚZK's document (fixtures/README.md names the source). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { XmlFormatError } from '../ogc/xml.js';
import { capabilitiesUrl, tileGridOf } from './baseMaps.js';
import { parseWmtsCapabilities } from './capabilities.js';

const cuzk = readFileSync(new URL('./fixtures/cuzk-wmts-ortofoto-capabilities.xml', import.meta.url), 'utf8');

describe('parseWmtsCapabilities (ČÚZK ORTOFOTO)', () => {
  const caps = parseWmtsCapabilities(cuzk);

  it('reads the layer, its formats, style and matrix set link', () => {
    expect(caps.layers).toHaveLength(1);
    expect(caps.layers[0]).toMatchObject({
      identifier: 'orto',
      title: 'Ortofoto ČR',
      formats: ['image/png', 'image/jpeg'],
      defaultStyle: 'default',
      matrixSets: ['jtsk:epsg:5514'],
      resourceUrls: [],
    });
    expect(caps.getTileUrl).toBe('http://geoportal-orto.cuzk.cz/WMTS_ORTOFOTO/service.svc/get?');
  });

  it('reads jtsk:epsg:5514: 15 matrices from 7,315,200 (2048.256 m/px) to 446.484375, origin (−925000, −920000)', () => {
    const set = caps.matrixSets.find((s) => s.identifier === 'jtsk:epsg:5514')!;
    expect(set.crs).toBe('EPSG:5514');
    expect(set.matrices).toHaveLength(15);
    const [first, last] = [set.matrices[0], set.matrices[14]];
    expect(first).toEqual({
      identifier: '0',
      scaleDenominator: 7315200,
      resolution: expect.closeTo(2048.256, 9),
      topLeft: [-925000, -920000],
      tileWidth: 256,
      tileHeight: 256,
      matrixWidth: 1,
      matrixHeight: 1,
    });
    expect(last.identifier).toBe('14');
    expect(last.scaleDenominator).toBe(446.484375);
    expect(last.resolution).toBeCloseTo(0.125015625, 12);
    expect(last.matrixWidth).toBe(16384);
    expect(set.matrices.map((m) => m.identifier)).toEqual(Array.from({ length: 15 }, (_, i) => String(i)));
  });

  it('builds the tile grid: ids, resolutions, one origin, the extent of the first matrix', () => {
    const grid = tileGridOf(caps.matrixSets[0]);
    expect(grid.matrixIds[10]).toBe('10');
    expect(grid.resolutions[10]).toBeCloseTo(2.00025, 9);
    expect(grid.origin).toEqual([-925000, -920000]);
    expect(grid.origins).toBeUndefined();
    expect(grid.tileSize).toBe(256);
    expect(grid.extent[0]).toBe(-925000);
    expect(grid.extent[2]).toBeCloseTo(-925000 + 524353.536, 3);
  });

  it('puts a north-first CRS corner into [x, y] order, keeps EPSG:5514 (east first)', () => {
    const doc = cuzk
      .replace(
        '<ows:SupportedCRS>EPSG:5514</ows:SupportedCRS>',
        '<ows:SupportedCRS>urn:ogc:def:crs:EPSG::4326</ows:SupportedCRS>',
      )
      .replace(/<TopLeftCorner>-925000\.0+ -920000\.0+<\/TopLeftCorner>/g, '<TopLeftCorner>90 -180</TopLeftCorner>');
    expect(parseWmtsCapabilities(doc).matrixSets[0].matrices[0].topLeft).toEqual([-180, 90]);
  });

  it('refuses what is not WMTS capabilities or has a broken number', () => {
    expect(() => parseWmtsCapabilities('<ServiceExceptionReport/>')).toThrow(XmlFormatError);
    expect(() => parseWmtsCapabilities('<html><body>502 Bad Gateway')).toThrow(XmlFormatError);
    expect(() => parseWmtsCapabilities(cuzk.replace('<ScaleDenominator>7315200<', '<ScaleDenominator>x<'))).toThrow(
      /ScaleDenominator/,
    );
  });
});

describe('capabilitiesUrl', () => {
  it('adds the KVP GetCapabilities parameters a service URL lacks, keeps a RESTful document', () => {
    expect(capabilitiesUrl('https://geoportal.cuzk.gov.cz/WMTS_ZM/WMTService.aspx')).toBe(
      'https://geoportal.cuzk.gov.cz/WMTS_ZM/WMTService.aspx?SERVICE=WMTS&REQUEST=GetCapabilities&VERSION=1.0.0',
    );
    expect(capabilitiesUrl('https://x.example/wmts?service=wmts&request=getcapabilities')).toBe(
      'https://x.example/wmts?service=wmts&request=getcapabilities&VERSION=1.0.0',
    );
    const rest = 'https://x.example/wmts/1.0.0/WMTSCapabilities.xml';
    expect(capabilitiesUrl(rest)).toBe(rest);
  });
});
