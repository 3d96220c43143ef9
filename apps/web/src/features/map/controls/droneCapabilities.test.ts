/**
 * Drone WMS capabilities against a real ČÚZK sample (fixtures/README.md): layers by local name with or without
 * the `wms:` prefix, nested layers inheriting CRS, and the CRS the layer is asked in (EPSG:5514 when offered,
 * else one the map reprojects, with a warning; never one the service lacks).
 */
import { describe, expect, it } from 'vitest';
import { droneTileSource } from '../base/DroneLayer';
import { chooseDroneCrs, normalizeCrs, parseCapabilities } from './droneCapabilities';
import cuzk from './fixtures/cuzk-wms-capabilities.xml?raw';

/** the same document with every element in the `wms:` prefix of the WMS namespace */
const prefixed = cuzk
  .replace(/<(\/?)(?!\?|!)([A-Za-z_][\w.-]*)([\s>/])/g, '<$1wms:$2$3')
  .replace('xmlns="http://www.opengis.net/wms"', 'xmlns:wms="http://www.opengis.net/wms"');

describe('parseCapabilities (ČÚZK WMS 1.3.0)', () => {
  const expected = [
    { name: 'GR_ORTFOTORGB', title: 'Ortofoto', crs: ['EPSG:5514', 'EPSG:4326', 'EPSG:3857'], version: '1.3.0' },
    {
      name: 'GL_CA010',
      title: 'Vrstevnice základní',
      crs: ['EPSG:3035', 'EPSG:3034', 'EPSG:4326', 'EPSG:4258'],
      version: '1.3.0',
    },
  ];

  it('reads the named layers of the document as published', () => {
    expect(parseCapabilities(cuzk)).toEqual(expected);
  });

  it('reads the same layers when every tag carries the wms: prefix', () => {
    expect(prefixed).toContain('<wms:Layer queryable="1"');
    expect(prefixed).toContain('</wms:WMS_Capabilities>');
    expect(parseCapabilities(prefixed)).toEqual(expected);
  });

  it('nested layers inherit the CRS of their parents (1.3.0 CRS, 1.1.1 SRS)', () => {
    const nested = `<wms:WMS_Capabilities xmlns:wms="http://www.opengis.net/wms" version="1.3.0"><wms:Capability>
      <wms:Layer><wms:Title>Dron</wms:Title><wms:CRS>EPSG:3857</wms:CRS>
        <wms:Layer><wms:Name>lety</wms:Name><wms:Title>Lety</wms:Title><wms:CRS>EPSG:5514</wms:CRS>
          <wms:Layer><wms:Name>let-12</wms:Name><wms:Title>Let 12</wms:Title></wms:Layer>
        </wms:Layer>
      </wms:Layer></wms:Capability></wms:WMS_Capabilities>`;
    expect(parseCapabilities(nested)).toEqual([
      { name: 'lety', title: 'Lety', crs: ['EPSG:3857', 'EPSG:5514'], version: '1.3.0' },
      { name: 'let-12', title: 'Let 12', crs: ['EPSG:3857', 'EPSG:5514'], version: '1.3.0' },
    ]);
    const v111 = `<WMT_MS_Capabilities version="1.1.1"><Capability><Layer><SRS>EPSG:4326 EPSG:3857</SRS>
      <Layer><Name>a</Name><Title>A</Title></Layer></Layer></Capability></WMT_MS_Capabilities>`;
    expect(parseCapabilities(v111)).toEqual([
      { name: 'a', title: 'A', crs: ['EPSG:4326', 'EPSG:3857'], version: '1.1.1' },
    ]);
  });

  it('garbage or another document is an error with the spec text', () => {
    expect(() => parseCapabilities('Service Unavailable')).toThrow('Failed to get WMS capabilities');
    expect(() => parseCapabilities('<html><body>x</body></html>')).toThrow('Failed to get WMS capabilities');
    expect(() => parseCapabilities('<WMS_Capabilities><Capability>')).toThrow('Failed to get WMS capabilities');
  });

  it('normalizes CRS spellings', () => {
    expect(normalizeCrs('epsg:5514')).toBe('EPSG:5514');
    expect(normalizeCrs('urn:ogc:def:crs:EPSG::5514')).toBe('EPSG:5514');
    expect(normalizeCrs('http://www.opengis.net/def/crs/EPSG/0/3857')).toBe('EPSG:3857');
    expect(normalizeCrs('CRS:84')).toBe('CRS:84');
  });
});

describe('chooseDroneCrs', () => {
  const [ortofoto, vrstevnice] = parseCapabilities(cuzk);

  it('EPSG:5514 when the service offers it, without a warning', () => {
    expect(chooseDroneCrs(ortofoto.crs)).toEqual({ crs: 'EPSG:5514', warning: null });
  });

  it('otherwise a CRS the map reprojects (EPSG:3857 first, then EPSG:4326), with a Czech warning', () => {
    const choice = chooseDroneCrs(vrstevnice.crs);
    expect(choice.crs).toBe('EPSG:4326');
    expect(choice.warning).toContain('nenabízí souřadnicový systém S-JTSK (EPSG:5514)');
    expect(choice.warning).toContain('EPSG:4326');
    expect(chooseDroneCrs(['EPSG:4326', 'EPSG:3857']).crs).toBe('EPSG:3857');
  });

  it('no CRS the map knows: nothing is asked, and the warning says so', () => {
    const choice = chooseDroneCrs(['EPSG:3035', 'EPSG:4258']);
    expect(choice.crs).toBeNull();
    expect(choice.warning).toContain('vrstva se nezobrazí');
    expect(chooseDroneCrs([]).crs).toBeNull();
  });

  it('the tile source asks the chosen CRS', () => {
    const source = { type: 'wms' as const, url: 'https://dron.example/wms' };
    expect(droneTileSource(source, 'GL_CA010', 'EPSG:4326')?.getProjection()?.getCode()).toBe('EPSG:4326');
    expect(droneTileSource(source, 'GR_ORTFOTORGB', 'EPSG:5514')?.getProjection()?.getCode()).toBe('EPSG:5514');
  });
});
