/**
 * The map proxy for WMS/WMTS capabilities (001 §7 "Drone WMS capabilities via map proxy, no auth header",
 * §8 "non-200: 'Failed to get WMS capabilities'"). The browser cannot read another origin's capabilities
 * document, so the server fetches it — but only a GetCapabilities request (REQUEST=GetCapabilities, any case)
 * of an allowed host: `MAP_PROXY_HOSTS` (default the drone WMS host and ags.cuzk.cz, geoportal.cuzk.cz). An
 * entry `host` matches that host on the default port of http/https only; `host:port` matches exactly.
 * Redirects are not followed (a redirect could leave the allowed hosts); the answer is capped at 5 MB.
 */
import { callService, ServiceError, type FetchOptions } from '../geo/http.js';

export const PROXY_MAX_BYTES = 5 * 1024 * 1024;

export const proxyTexts = {
  urlRequired: 'Zadejte adresu.',
  badUrl: 'Neplatná adresa.',
  hostNotAllowed: 'Tato adresa není pro mapový proxy povolena.',
  onlyCapabilities: 'Mapový proxy předává jen požadavky GetCapabilities.',
  failed: 'Failed to get WMS capabilities',
} as const;

export type ProxyCheck = { ok: true; url: URL } | { ok: false; status: 403 | 422; message: string };

export function checkProxyUrl(raw: string | undefined, allowedHosts: readonly string[]): ProxyCheck {
  if (!raw || !raw.trim()) return { ok: false, status: 422, message: proxyTexts.urlRequired };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, status: 422, message: proxyTexts.badUrl };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return { ok: false, status: 403, message: proxyTexts.hostNotAllowed };
  }
  const host = url.host.toLowerCase(); // includes a non-default port
  const allowed = allowedHosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    return e.includes(':') && !e.startsWith('[') ? host === e : host === e && url.port === '';
  });
  if (!allowed) return { ok: false, status: 403, message: proxyTexts.hostNotAllowed };
  const requestParams = [...url.searchParams.entries()].filter(([k]) => k.toLowerCase() === 'request');
  if (requestParams.length !== 1 || requestParams[0][1].toLowerCase() !== 'getcapabilities') {
    return { ok: false, status: 403, message: proxyTexts.onlyCapabilities };
  }
  return { ok: true, url };
}

export interface ProxyAnswer {
  contentType: string;
  body: Buffer;
}

/** Fetches the capabilities; ServiceError (logged) on anything but a 200 within the limits. */
export async function fetchCapabilities(url: URL, opts: FetchOptions = {}): Promise<ProxyAnswer> {
  const res = await callService('map-proxy', url.toString(), { redirect: 'manual' }, opts);
  if (res.status !== 200) {
    opts.log?.error({ service: 'map-proxy', url: url.toString(), status: res.status }, 'map-proxy: not 200');
    throw new ServiceError('map-proxy', `map-proxy: HTTP ${res.status}`, res.status);
  }
  const declared = Number(res.headers.get('content-length'));
  if (declared > PROXY_MAX_BYTES) {
    opts.log?.error({ service: 'map-proxy', url: url.toString(), size: declared }, 'map-proxy: too large');
    throw new ServiceError('map-proxy', 'map-proxy: too large', res.status);
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > PROXY_MAX_BYTES) {
    opts.log?.error({ service: 'map-proxy', url: url.toString(), size: body.length }, 'map-proxy: too large');
    throw new ServiceError('map-proxy', 'map-proxy: too large', res.status);
  }
  return { contentType: res.headers.get('content-type') ?? 'application/xml', body };
}
