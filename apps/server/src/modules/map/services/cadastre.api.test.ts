/**
 * GET /v2/cadastre with CADASTRE_WFS_URL (issue 15): the parcel card from an INSPIRE parcel WFS — a local
 * server answering with ČÚZK's CadastralParcel GML (integrations/map/cadastre/fixtures/README.md) — and the spec's
 * Czech error (001 §8) when the service times out, fails, answers an exception report or garbage.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

const GML = readFileSync(
  new URL('../../../integrations/map/cadastre/fixtures/cp-parcel-smichov.gml', import.meta.url),
  'utf8',
);
const EXCEPTION = readFileSync(
  new URL('../../../integrations/map/cadastre/fixtures/wfs-exception.xml', import.meta.url),
  'utf8',
);
const SPEC_ERROR = 'Chyba při načítání dat z Katastru nemovitostí. Opakujte akci později';
/** the reference point of parcel 211/8 in Smíchov, EPSG:5514 */
const AT = 'x=-743960.29&y=-1043806.12';

describe('GET /v2/cadastre with the INSPIRE parcel WFS', () => {
  let t: TestApp;
  let session: TestSession;
  let upstream: Server;
  let mode = 'ok';
  const hits: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (mode === 'slow') return; // never answers: the provider's timeout ends it
      if (mode === 'down') return res.writeHead(500).end('Internal Server Error');
      if (mode === 'exception') return res.writeHead(200, { 'content-type': 'text/xml' }).end(EXCEPTION);
      if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><p>Údržba');
      res.writeHead(200, { 'content-type': 'application/gml+xml; version=3.2' }).end(GML);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ seed: true });
    session = await login(t.app, 'admin');
    t.config.mapServices.cadastreWfsUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/wfs/inspire-cp-wfs.asp`;
  });
  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });

  it('the parcel: number, cadastral zone, area, reference and the viewer link with negative S-JTSK', async () => {
    mode = 'ok';
    const res = await get(`/v2/cadastre?${AT}`);
    expect(res.statusCode).toBe(200);
    const { link, content } = res.json() as { link: string; content: string };
    expect(link).toBe('https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-743960&y=-1043806');
    expect(content).toContain('<th>Parcela</th><td>211/8</td>');
    expect(content).toContain('<th>Katastrální území</th><td>Smíchov (729051)</td>');
    expect(content).toContain('<th>Výměra</th><td>850 m²</td>');
    const asked = new URL(hits.at(-1)!, 'http://x');
    expect(asked.searchParams.get('REQUEST')).toBe('GetFeature');
    expect(asked.searchParams.get('TYPENAMES')).toBe('CP:CadastralParcel');
    expect(asked.searchParams.get('BBOX')).toBe(
      '-743961.29,-1043807.12,-743959.29,-1043805.12,urn:ogc:def:crs:EPSG::5514',
    );
  });

  it('WGS84 input asks the same service at the projected point', async () => {
    mode = 'ok';
    const res = await get('/v2/cadastre?latitude=50.0702&longitude=14.4036');
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toMatch(/MapaIdentifikace\.aspx\?l=KN&x=-7\d{5}&y=-10\d{5}$/);
  });

  it.each(['down', 'exception', 'garbage', 'slow'])(
    '%s → 502 with the spec text',
    async (m) => {
      mode = m;
      const res = await get(`/v2/cadastre?${AT}`);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: SPEC_ERROR });
    },
    20_000,
  );
});
