/**
 * Cadastre adapter against real public samples (fixtures/README.md names each source): the INSPIRE
 * CadastralParcel GML of ČÚZK's WFS, the layers of ČÚZK's WMS KN, the viewer link in the form public clients
 * use; the provider against a local server for success, timeout, HTTP error, exception report and garbage.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../geo/http.js';
import { CADASTRE_WMS_LAYERS } from './defaults.js';
import { parcelAt, parcelContains, parcelFeatureUrl, parseParcels } from './inspire.js';
import { cadastreLink, inspireCadastreProvider } from './provider.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const SMICHOV = fixture('cp-parcel-smichov.gml');
/** inside parcel 211/8 (its reference point) and outside it */
const INSIDE: [number, number] = [-743960.29, -1043806.12];
const OUTSIDE: [number, number] = [-743900, -1043806];

describe('INSPIRE CadastralParcel GML (ČÚZK WFS)', () => {
  it('reads number, zone, area, reference, id and geometry whatever the prefixes', () => {
    const [parcel] = parseParcels(SMICHOV);
    expect(parcel).toMatchObject({
      label: '211/8',
      nationalCadastralReference: '729051-211/8',
      area: 850,
      zoneName: 'Smíchov',
      zoneCode: '729051',
      localId: 'CP.30317058010',
      referencePoint: INSIDE,
    });
    expect(parcel.exteriors[0]).toHaveLength(22);
    expect(parcel.exteriors[0][0]).toEqual([-743965.28, -1043815.65]);
    // the same document with other prefixes (wfs:, gml32:, cadastral:) reads the same
    const renamed = SMICHOV.replace(/<(\/?)cp:/g, '<$1cadastral:')
      .replace('xmlns:cp=', 'xmlns:cadastral=')
      .replace(/<(\/?)gml:/g, '<$1gml32:')
      .replace(/ gml:id=/g, ' gml32:id=')
      .replace('xmlns:gml=', 'xmlns:gml32=')
      .replace(/<(\/?)(FeatureCollection|member)/g, '<$1wfs:$2')
      .replace('xmlns="http://www.opengis.net/wfs/2.0"', 'xmlns:wfs="http://www.opengis.net/wfs/2.0"');
    expect(parseParcels(renamed)).toEqual(parseParcels(SMICHOV));
  });

  it('the parcel holding the point; else the nearest reference point; none in an empty collection', () => {
    const parcels = parseParcels(SMICHOV);
    expect(parcelContains(parcels[0], INSIDE)).toBe(true);
    expect(parcelContains(parcels[0], OUTSIDE)).toBe(false);
    const other = {
      ...parcels[0],
      label: '999',
      exteriors: [],
      referencePoint: [-743901, -1043806] as [number, number],
    };
    expect(parcelAt([other, parcels[0]], INSIDE)?.label).toBe('211/8');
    expect(parcelAt([parcels[0], other], OUTSIDE)?.label).toBe('999');
    const empty =
      '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="0" numberReturned="0"/>';
    expect(parseParcels(empty)).toEqual([]);
    expect(parcelAt([], INSIDE)).toBeNull();
  });

  it('an exception report, garbage and a foreign document are errors', () => {
    expect(() => parseParcels(fixture('wfs-exception.xml'))).toThrow(/Neznámý typ prvku/);
    expect(() => parseParcels('Service Unavailable')).toThrow();
    expect(() => parseParcels('<html><body>chyba</body></html>')).toThrow();
    expect(() => parseParcels('<FeatureCollection><member>')).toThrow();
    const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><FeatureCollection>&b;</FeatureCollection>`;
    expect(() => parseParcels(bomb)).toThrow();
  });

  it('GetFeature 2.0.0 of CP:CadastralParcel in a 2 m box in EPSG:5514 (x easting, y northing)', () => {
    const url = new URL(
      parcelFeatureUrl('https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp', { x: -743960, y: -1043806 }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      SERVICE: 'WFS',
      VERSION: '2.0.0',
      REQUEST: 'GetFeature',
      TYPENAMES: 'CP:CadastralParcel',
      SRSNAME: 'urn:ogc:def:crs:EPSG::5514',
      BBOX: '-743961.00,-1043807.00,-743959.00,-1043805.00,urn:ogc:def:crs:EPSG::5514',
      COUNT: '10',
    });
  });
});

describe('WMS KN overlay and the viewer link', () => {
  it('the default overlay layers are layers ČÚZK WMS KN publishes', () => {
    const kn = JSON.parse(fixture('wms-kn-layers.json')) as { layers: string[] };
    for (const layer of CADASTRE_WMS_LAYERS.split(',')) expect(kn.layers).toContain(layer);
    expect(kn.layers).not.toContain('parcels');
  });

  it('nahlizenidokn: x = easting, y = northing, both negative and rounded, from either sign', () => {
    const real = 'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-743960&y=-1043806';
    expect(cadastreLink(-743960.29, -1043806.12)).toBe(real);
    expect(cadastreLink(743960.29, 1043806.12)).toBe(real);
  });
});

describe('INSPIRE cadastre provider against a local WFS', () => {
  let server: Server;
  let url: string;
  let mode = 'ok';
  const hits: string[] = [];
  const logged: string[] = [];
  const log = { warn: () => {}, error: (_o: object, m: string) => logged.push(m) };

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (mode === 'slow') return setTimeout(() => res.end(SMICHOV), 300);
      if (mode === 'down') return res.writeHead(503).end('Service Unavailable');
      if (mode === 'exception') return res.end(fixture('wfs-exception.xml'));
      if (mode === 'garbage') return res.end('{"not":"gml"}');
      if (mode === 'evil') return res.end(SMICHOV.replace('>211/8<', '>&lt;img src=x onerror=alert(1)&gt;<'));
      res.setHeader('content-type', 'application/gml+xml; version=3.2');
      res.end(
        mode === 'empty'
          ? '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="0" numberReturned="0"/>'
          : SMICHOV,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wfs/inspire-cp-wfs.asp`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const point = { x: INSIDE[0], y: INSIDE[1], lon: 14.4036, lat: 50.0702 };

  it('the parcel as the card table, escaped, and the real viewer link', async () => {
    mode = 'ok';
    const answer = await inspireCadastreProvider(url).lookup(point);
    expect(answer.link).toBe('https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-743960&y=-1043806');
    expect(answer.content).toContain('<tr><th>Parcela</th><td>211/8</td></tr>');
    expect(answer.content).toContain('<tr><th>Katastrální území</th><td>Smíchov (729051)</td></tr>');
    expect(answer.content).toContain('<tr><th>Výměra</th><td>850 m²</td></tr>');
    expect(answer.content).toContain('<tr><th>Označení parcely</th><td>729051-211/8</td></tr>');
    expect(answer.content).toContain('Y 743\u00a0960,29, X 1\u00a0043\u00a0806,12');
    expect(new URL(hits.at(-1)!, url).searchParams.get('TYPENAMES')).toBe('CP:CadastralParcel');
    mode = 'empty';
    expect((await inspireCadastreProvider(url).lookup(point)).content).toContain('žádná parcela');
  });

  it('values from the service are escaped', async () => {
    mode = 'evil';
    const { content } = await inspireCadastreProvider(url).lookup(point);
    expect(content).toContain('<td>&lt;img src=x onerror=alert(1)&gt;</td>');
    expect(content).not.toContain('<img');
  });

  it('timeout, HTTP error, exception report and garbage throw ServiceError and are logged', async () => {
    logged.length = 0;
    for (const m of ['down', 'exception', 'garbage', 'slow']) {
      mode = m;
      await expect(inspireCadastreProvider(url, { log, timeoutMs: 100 }).lookup(point), m).rejects.toBeInstanceOf(
        ServiceError,
      );
    }
    expect(logged).toEqual([
      'cadastre: HTTP 503',
      'cadastre: unreadable WFS answer',
      'cadastre: unreadable WFS answer',
      'cadastre: service timeout',
    ]);
  });
});
