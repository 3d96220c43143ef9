/**
 * ÚHÚL's hunting grounds (issue 24 item 16): the GetFeatureInfo request, the answer in both XML forms (the
 * fixtures are reconstructed: fixtures/README.md says exactly what is real), outages, the card's feature from a
 * local stand-in of the service, and the overlay and proxy host from the configuration.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLat } from '@panel/domain/map';
import { loadConfig } from '../../../config.js';
import type { DatabaseHandle } from '../../../db/client.js';
import { huntingContacts } from '../../../db/schema/index.js';
import { toSjtsk } from '../../geo/krovak.js';
import { ServiceError } from '../../geo/http.js';
import { XmlFormatError } from '../ogc/xml.js';
import { huntingProvider } from './select.js';
import { isUhulRegionId, parseHuntingFeatureInfo, uhulFeatureInfoUrl } from './uhul.js';
import { openMigratedMemoryDatabase } from '../../../test/pgliteImage.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const KOLIN = { lon: 15.2, lat: 50.03 };

describe('ÚHÚL GetFeatureInfo request and answer', () => {
  it('asks WMS 1.3.0 GetFeatureInfo of the first layer in EPSG:5514, a ±50 m window centred on the point', () => {
    const p = toSjtsk(lonLat(KOLIN.lon, KOLIN.lat));
    const url = new URL(
      uhulFeatureInfoUrl('https://geoportal.nli.gov.cz/wms_mysl/WMService.aspx', 'Honitby_hranice', p),
    );
    const q = Object.fromEntries(url.searchParams);
    expect(url.origin + url.pathname).toBe('https://geoportal.nli.gov.cz/wms_mysl/WMService.aspx');
    expect(q).toMatchObject({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'Honitby_hranice',
      QUERY_LAYERS: 'Honitby_hranice',
      CRS: 'EPSG:5514',
      WIDTH: '101',
      HEIGHT: '101',
      I: '50',
      J: '50',
      INFO_FORMAT: 'text/xml',
    });
    const [minX, minY, maxX, maxY] = q.BBOX.split(',').map(Number);
    // easting first (Křovák East-North), both negative in the Czech Republic
    expect(minX).toBeLessThan(-400_000);
    expect(minY).toBeLessThan(-900_000);
    expect((minX + maxX) / 2).toBeCloseTo(p.x, 1);
    expect((minY + maxY) / 2).toBeCloseTo(p.y, 1);
    expect(maxX - minX).toBeCloseTo(100, 5);
  });

  it('reads the name and code from the ArcGIS form and from the MapServer GML form; no feature is none', () => {
    expect(parseHuntingFeatureInfo(fixture('uhul-gfi-esri.xml'))).toEqual([
      {
        name: 'Hradiště u Kolína',
        code: '5204110012',
        attributes: {
          OBJECTID: '4711',
          Shape: 'Polygon',
          KOD: '5204110012',
          NAZEV: 'Hradiště u Kolína',
          VYMERA: 'Null',
        },
      },
    ]);
    const [gml] = parseHuntingFeatureInfo(fixture('uhul-gfi-msgml.xml'));
    expect(gml).toMatchObject({ name: 'Hradiště u Kolína', code: '5204110012' });
    expect(parseHuntingFeatureInfo(fixture('uhul-gfi-esri-empty.xml'))).toEqual([]);
  });

  it('an exception report, HTML, garbage or a feature without name and code are format errors', () => {
    for (const body of [
      fixture('uhul-exception.xml'),
      '<!DOCTYPE html><html><body>Chyba</body></html>',
      'not xml at all <',
      '<FeatureInfoResponse><FIELDS OBJECTID="1" Shape="Polygon"/></FeatureInfoResponse>',
    ]) {
      expect(() => parseHuntingFeatureInfo(body), body.slice(0, 40)).toThrow(XmlFormatError);
    }
  });

  it('region ids of ÚHÚL codes', () => {
    expect(isUhulRegionId('UHUL-5204110012')).toBe(true);
    expect(isUhulRegionId('HR-1-2')).toBe(false);
    expect(isUhulRegionId('UHUL-')).toBe(false);
  });
});

describe('ÚHÚL hunting provider against a local stand-in of the service', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; body: string } = { status: 200, body: '' };
  const asked: URLSearchParams[] = [];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(new URL(req.url ?? '/', 'http://x').searchParams);
      res.writeHead(answer.status, { 'content-type': 'text/xml; charset=utf-8' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wms_mysl/WMService.aspx`;
    handle = await openMigratedMemoryDatabase();
  }, 120_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await handle?.close();
  });

  it('answers the card from the service: name, code, source; our contacts of the region; no company', async () => {
    await handle.db
      .insert(huntingContacts)
      .values({ huntingRegionId: 'UHUL-5204110012', name: 'Myslivec', phone: '725111222' });
    answer = { status: 200, body: fixture('uhul-gfi-esri.xml') };
    const provider = huntingProvider(handle.db, undefined, {}, { url, layers: 'Honitby_hranice,Honitby_nazev_2' });
    expect(provider.kind).toBe('uhul');
    const { features } = await provider.regions(KOLIN.lat, KOLIN.lon);
    expect(asked.at(-1)?.get('QUERY_LAYERS')).toBe('Honitby_hranice');
    expect(features).toHaveLength(1);
    expect(features[0]).toMatchObject({
      type: 'Feature',
      id: 'UHUL-5204110012',
      geometry: null,
      properties: {
        id: 'UHUL-5204110012',
        name: 'Hradiště u Kolína',
        code: '5204110012',
        source: 'ÚHÚL',
        huntingCompany: null,
        contacts: [{ id: expect.any(Number), name: 'Myslivec', phone: '725111222' }],
      },
    });
    answer = { status: 200, body: fixture('uhul-gfi-esri-empty.xml') };
    expect(await provider.regions(KOLIN.lat, KOLIN.lon)).toEqual({ features: [] });
  });

  it('an exception report, an HTML page or a 5xx is an outage (ServiceError), never "no region"', async () => {
    const provider = huntingProvider(handle.db, undefined, {}, { url });
    for (const a of [
      { status: 200, body: fixture('uhul-exception.xml') },
      { status: 200, body: '<html><body>Údržba</body></html>' },
      { status: 503, body: 'Service Unavailable' },
    ]) {
      answer = a;
      await expect(provider.regions(KOLIN.lat, KOLIN.lon), a.body.slice(0, 30)).rejects.toBeInstanceOf(ServiceError);
    }
  });

  it('HUNTING_URL (the spec JSON service) wins over the WMS; neither is the offline grid', () => {
    expect(huntingProvider(handle.db, 'https://h.example.cz', {}, { url }).kind).toBe('http');
    expect(huntingProvider(handle.db, undefined, {}, {}).kind).toBe('offline');
  });
});

describe('ÚHÚL in the configuration', () => {
  it('HUNTING_WMS_URL adds the hunting overlay and allows its host in the map proxy', () => {
    const config = loadConfig({
      DATA_DIR: ':memory:',
      MAP_LAYERS: '{}',
      HUNTING_WMS_URL: 'https://geoportal.nli.gov.cz/wms_mysl/WMService.aspx',
    });
    expect(config.mapLayers?.hunting).toEqual({
      type: 'wms',
      url: 'https://geoportal.nli.gov.cz/wms_mysl/WMService.aspx',
      layers: 'Honitby_hranice,Honitby_nazev_2,Honitby_kod_2',
      attribution: '© ÚHÚL (NLI)',
    });
    expect(config.mapServices.mapProxyHosts).toContain('geoportal.nli.gov.cz');
    expect(loadConfig({ DATA_DIR: ':memory:', MAP_LAYERS: '{}' }).mapServices.mapProxyHosts).toContain(
      'geoportal.uhul.cz',
    );
    expect(() => loadConfig({ DATA_DIR: ':memory:', HUNTING_WMS_LAYERS: 'a b' })).toThrow(/HUNTING_WMS_LAYERS/);
  });
});
