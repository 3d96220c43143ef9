/** The map proxy's checks and its fetch against a local Fastify server standing in for a WMS. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../geo/http.js';
import { checkProxyUrl, fetchCapabilities, passedContentType, ProxyContentError, proxyTexts } from './proxy.js';

describe('checkProxyUrl', () => {
  const hosts = ['ags.cuzk.cz', 'drone.example:8443'];
  it.each([
    ['https://ags.cuzk.cz/arcgis/services/ortofoto/MapServer/WMSServer?service=WMS&request=GetCapabilities', true],
    ['http://AGS.cuzk.cz/x?REQUEST=GetCapabilities', true],
    ['https://drone.example:8443/wms?REQUEST=GetCapabilities', true],
    ['https://drone.example/wms?REQUEST=GetCapabilities', false],
    ['https://ags.cuzk.cz:8080/x?REQUEST=GetCapabilities', false],
    ['https://evil.ags.cuzk.cz.example/x?REQUEST=GetCapabilities', false],
    ['https://user:pw@ags.cuzk.cz/x?REQUEST=GetCapabilities', false],
    ['file:///etc/passwd?REQUEST=GetCapabilities', false],
    ['https://ags.cuzk.cz/x?REQUEST=GetMap', false],
    ['https://ags.cuzk.cz/x?REQUEST=GetCapabilities&request=GetMap', false],
    ['https://ags.cuzk.cz/x', false],
  ])('%s → %s', (url, ok) => {
    const r = checkProxyUrl(url, hosts);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.status).toBe(403);
  });
  // issue 15: ČÚZK serves from hosts under cuzk.cz and cuzk.gov.cz (the default allow-list)
  it.each([
    ['https://ags.cuzk.gov.cz/arcgis1/services/ZTM/ZTM50/MapServer/WMSServer?request=GetCapabilities', true],
    ['https://geoportal.cuzk.gov.cz/WMTS_ORTOFOTO/WMTService.aspx?service=WMTS&request=GetCapabilities', true],
    ['https://services.cuzk.cz/wms/wms.asp?request=GetCapabilities&service=wms', true],
    ['https://cuzk.gov.cz.evil.example/x?request=GetCapabilities', false],
    ['https://evilcuzk.gov.cz/x?request=GetCapabilities', false],
    ['https://cuzk.gov.cz/x?request=GetCapabilities', false],
    ['https://ags.cuzk.gov.cz:8443/x?request=GetCapabilities', false],
  ])('wildcard hosts: %s → %s', (url, ok) => {
    expect(checkProxyUrl(url, ['*.cuzk.cz', '*.cuzk.gov.cz']).ok).toBe(ok);
  });
  it('422 for a missing or malformed url', () => {
    expect(checkProxyUrl(undefined, hosts)).toEqual({ ok: false, status: 422, message: proxyTexts.urlRequired });
    expect(checkProxyUrl('nota url', hosts)).toEqual({ ok: false, status: 422, message: proxyTexts.badUrl });
  });
});

describe('passedContentType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/JPEG', 'image/jpeg'],
    ['text/xml; charset=UTF-8', 'text/xml; charset=utf-8'],
    ['application/xml', 'application/xml'],
    ['application/vnd.ogc.wms_xml', 'application/vnd.ogc.wms_xml'],
    ['application/vnd.ogc.se_xml', 'application/vnd.ogc.se_xml'],
    ['application/vnd.ogc.wmts+xml; charset="utf-8"', 'application/vnd.ogc.wmts+xml; charset=utf-8'],
    ['application/json', 'application/json'],
    ['application/geo+json', 'application/geo+json'],
    ['application/json; charset=utf-8; foo=<x>', 'application/json; charset=utf-8'],
  ])('%s passes as %s', (raw, type) => expect(passedContentType(raw)).toBe(type));

  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'application/xhtml+xml',
    'image/svg+xml',
    'application/javascript',
    'text/javascript',
    'text/plain',
    'application/octet-stream',
    'multipart/x-mixed-replace',
    'image/png, text/html',
    '',
    null,
  ])('%s is refused', (raw) => expect(passedContentType(raw)).toBeNull());
});

describe('fetchCapabilities (local Fastify upstream)', () => {
  let upstream: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    upstream = Fastify();
    upstream.get('/wms', async (_req, reply) =>
      reply
        .type('application/vnd.ogc.wms_xml')
        .send('<WMS_Capabilities version="1.3.0"><Layer><Name>orto</Name></Layer></WMS_Capabilities>'),
    );
    upstream.get('/html', async (_req, reply) => reply.type('text/html').send('<script>alert(1)</script>'));
    upstream.get('/broken', async (_req, reply) => reply.status(500).send('boom'));
    upstream.get('/accepted', async (_req, reply) => reply.status(202).send('later'));
    upstream.get('/redirect', async (_req, reply) => reply.redirect('http://example.com/'));
    upstream.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve('late'), 300)));
    base = await upstream.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it('200: body and content type', async () => {
    const a = await fetchCapabilities(new URL(`${base}/wms?REQUEST=GetCapabilities`));
    expect(a.contentType).toBe('application/vnd.ogc.wms_xml');
    expect(a.body.toString()).toContain('<Name>orto</Name>');
  });

  it('an HTML answer throws ProxyContentError', async () => {
    await expect(fetchCapabilities(new URL(`${base}/html?REQUEST=GetCapabilities`))).rejects.toBeInstanceOf(
      ProxyContentError,
    );
  });

  it('non-200 (500, 202, a redirect) and a timeout throw ServiceError', async () => {
    for (const p of ['/broken', '/accepted', '/redirect', '/slow']) {
      await expect(
        fetchCapabilities(new URL(`${base}${p}?REQUEST=GetCapabilities`), { timeoutMs: 100 }),
        p,
      ).rejects.toBeInstanceOf(ServiceError);
    }
  });
});
