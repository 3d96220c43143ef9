/**
 * GET /v2/map/proxy against a local upstream answering HTML, script, PNG, SVG, XML and JSON: only inert types
 * pass, and every passed answer carries the headers that keep it from running on the panel's origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/factory.js';
import { proxyTexts } from './proxy.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const answers: Record<string, [string | null, string | Buffer]> = {
  '/html': ['text/html; charset=utf-8', '<html><script>alert(localStorage.token)</script></html>'],
  '/xhtml': ['application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>x()</script></html>'],
  '/js': ['application/javascript', 'alert(1)'],
  '/svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  '/plain': ['text/plain', 'hello'],
  '/none': [null, '<WMS_Capabilities/>'],
  '/png': ['image/png', PNG],
  '/xml': [
    'text/xml; charset=UTF-8',
    '<WMS_Capabilities version="1.3.0"><Layer><Name>a</Name></Layer></WMS_Capabilities>',
  ],
  '/ogc': ['application/vnd.ogc.wms_xml', '<WMT_MS_Capabilities/>'],
  '/wmts': ['application/vnd.ogc.wmts+xml', '<Capabilities/>'],
  '/json': ['application/json', '{"layers":[]}'],
};

describe('GET /v2/map/proxy: content types and headers', () => {
  let t: TestApp;
  let upstream: Server;
  let base: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const [type, body] = answers[(req.url ?? '').split('?')[0]] ?? [null, ''];
      // node adds no content-type of its own: '/none' really has none
      if (type) res.setHeader('content-type', type);
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ seed: false });
    t.config.mapServices.mapProxyHosts = [`127.0.0.1:${port}`];
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const proxy = (path: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v2/map/proxy?url=${encodeURIComponent(`${base}${path}?REQUEST=GetCapabilities`)}`,
    });

  it.each(['/html', '/xhtml', '/js', '/svg', '/plain', '/none'])(
    '%s → 502 with a Czech message, nothing passed on',
    async (path) => {
      const res = await proxy(path);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: proxyTexts.unsupportedType });
      expect(res.body).not.toContain('script');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each([
    ['/png', 'image/png'],
    ['/xml', 'text/xml; charset=utf-8'],
    ['/ogc', 'application/vnd.ogc.wms_xml'],
    ['/wmts', 'application/vnd.ogc.wmts+xml'],
    ['/json', 'application/json'],
  ])('%s passes as %s, sandboxed, nosniff, inline', async (path, type) => {
    const res = await proxy(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['content-disposition']).toBe('inline');
    const [, body] = answers[path];
    expect(res.rawPayload.equals(Buffer.isBuffer(body) ? body : Buffer.from(body))).toBe(true);
  });
});
