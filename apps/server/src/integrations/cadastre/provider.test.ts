/** Cadastre: the sanitizer, the GetFeatureInfo URL and the WMS provider against a local server. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../geo/http.js';
import { cadastreLink, featureInfoUrl, wmsCadastreProvider } from './provider.js';
import { sanitizeHtml } from './sanitize.js';

describe('sanitizeHtml', () => {
  it.each([
    ['<script>alert(1)</script><b>ok</b>', '<b>ok</b>'],
    ['<td onclick="x()" style="color:red">1</td>', '<td>1</td>'],
    ['<img src=x onerror=alert(1)>text', 'text'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="https://cuzk.cz/?a=1&b=2">x</a>', '<a href="https://cuzk.cz/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>'],
    ['a < b & c &amp; d', 'a &lt; b &amp; c &amp; d'],
    ['<!-- c --><style>p{}</style><p>x', '<p>x</p>'],
    ['<table><tr><td>1</table>', '<table><tr><td>1</td></tr></table>'],
    ['<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['<iframe src="x">', ''],
    ['<svg><script>1</script></svg>ok', 'ok'],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});

describe('cadastre URLs', () => {
  it('viewer link: positive rounded', () => {
    expect(cadastreLink(-742_123.5, -1_043_999.4)).toBe(
      'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=742124&y=1043999',
    );
  });

  it('GetFeatureInfo 1.3.0 around the point, asking the centre pixel', () => {
    const url = new URL(featureInfoUrl('https://wms.example/cgi?map=kn', { x: -742_000, y: -1_044_000 }));
    expect(url.searchParams.get('map')).toBe('kn');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'parcels',
      QUERY_LAYERS: 'parcels',
      CRS: 'EPSG:5514',
      BBOX: '-742050.50,-1044050.50,-741949.50,-1043949.50',
      WIDTH: '101',
      HEIGHT: '101',
      I: '50',
      J: '50',
      INFO_FORMAT: 'text/html',
    });
  });
});

describe('WMS cadastre provider', () => {
  let server: Server;
  let url: string;
  let mode = 'ok';
  const logged: string[] = [];
  const log = { warn: () => {}, error: (_o: object, m: string) => logged.push(m) };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      if (mode === 'slow') return setTimeout(() => res.end('late'), 300);
      if (mode === 'exception') return res.end('<ServiceExceptionReport><ServiceException>bad</ServiceException></ServiceExceptionReport>');
      if (mode === 'empty') return res.end('<html><body>  </body></html>');
      if (mode === 'down') return res.writeHead(503).end();
      res.setHeader('content-type', 'text/html');
      res.end('<html><head><title>t</title></head><body><h3>Parcela</h3><p onmouseover="x">KN 12/3</p></body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wms`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const point = { x: -742_000, y: -1_044_000, lon: 14.4, lat: 50.1 };

  it('the body of the answer, sanitized, and the viewer link', async () => {
    mode = 'ok';
    expect(await wmsCadastreProvider(url).lookup(point)).toEqual({
      link: 'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=742000&y=1044000',
      content: '<h3>Parcela</h3><p>KN 12/3</p>',
    });
    mode = 'empty';
    expect((await wmsCadastreProvider(url).lookup(point)).content).toContain('žádná parcela');
  });

  it('an HTTP error, a WMS exception and a timeout throw ServiceError and are logged', async () => {
    for (const m of ['down', 'exception', 'slow']) {
      mode = m;
      await expect(wmsCadastreProvider(url, { log, timeoutMs: 100 }).lookup(point), m).rejects.toBeInstanceOf(ServiceError);
    }
    expect(logged).toEqual(['cadastre: HTTP 503', 'cadastre: WMS exception', 'cadastre: service timeout']);
  });
});
