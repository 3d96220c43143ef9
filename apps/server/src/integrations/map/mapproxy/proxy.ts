/**
 * The map proxy for WMS/WMTS capabilities (001 §7 "Drone WMS capabilities via map proxy, no auth header",
 * §8 "non-200: 'Failed to get WMS capabilities'"). The browser cannot read another origin's capabilities
 * document, so the server fetches it — but only a GetCapabilities request (REQUEST=GetCapabilities, any case)
 * of an allowed host: `MAP_PROXY_HOSTS` (default the drone and hunting WMS hosts, *.cuzk.cz, *.cuzk.gov.cz, geoportal.uhul.cz, geoportal.nli.gov.cz). An
 * entry `host` matches that host on the default port of http/https only; `host:port` matches exactly;
 * `*.domain` matches the hosts under the domain on the default port.
 * Redirects are not followed (a redirect could leave the allowed hosts); the answer is capped at 5 MB.
 *
 * The answer is served from the panel's own origin, so only inert types pass: images (not SVG, which can carry
 * scripts), XML (not XHTML) and JSON; HTML, scripts, an unknown or missing type are refused
 * (`ProxyContentError`, 502). The route adds a sandboxing policy on top (PROXY_ANSWER_HEADERS).
 */
import { callService, ServiceError, type FetchOptions } from '../../geo/http.js';

export const PROXY_MAX_BYTES = 5 * 1024 * 1024;

export const proxyTexts = {
  urlRequired: 'Zadejte adresu.',
  badUrl: 'Neplatná adresa.',
  hostNotAllowed: 'Tato adresa není pro mapový proxy povolena.',
  onlyCapabilities: 'Mapový proxy předává jen požadavky GetCapabilities.',
  failed: 'Failed to get WMS capabilities',
  /** ours */
  unsupportedType: 'Mapová služba odpověděla nepodporovaným typem obsahu.',
} as const;

/**
 * Headers of every proxied answer: the browser must neither guess another type nor run anything in it, even
 * when it is opened directly as a page of the panel's origin (it then has no origin and no storage).
 */
export const PROXY_ANSWER_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'content-disposition': 'inline',
};

/** The upstream answered 200 with a type the proxy does not pass on. */
export class ProxyContentError extends Error {
  constructor(readonly contentType: string) {
    super(`map-proxy: content type ${contentType || '(none)'} refused`);
    this.name = 'ProxyContentError';
  }
}

/**
 * The Content-Type to answer with (media type and a plain charset), or null when the type is not passed on:
 * image/* but SVG, text/xml, application/xml and application/…+xml but XHTML, OGC types (application/vnd.ogc.…xml,
 * e.g. wms_xml), application/json and application/…+json.
 */
export function passedContentType(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const [typePart, ...params] = raw.split(';');
  const type = typePart.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type)) return null;
  const ok =
    (type.startsWith('image/') && type !== 'image/svg+xml') ||
    type === 'text/xml' ||
    type === 'application/xml' ||
    (type.startsWith('application/') && type.endsWith('+xml') && type !== 'application/xhtml+xml') ||
    (type.startsWith('application/vnd.ogc.') && type.endsWith('xml')) ||
    type === 'application/json' ||
    (type.startsWith('application/') && type.endsWith('+json'));
  if (!ok) return null;
  const charset = params
    .map((p) => /^\s*charset\s*=\s*"?([a-z0-9_-]+)"?\s*$/i.exec(p)?.[1])
    .find((c): c is string => Boolean(c));
  return charset ? `${type}; charset=${charset.toLowerCase()}` : type;
}

export type ProxyCheck = { ok: true; url: URL } | { ok: false; status: 403 | 422; message: string };

/**
 * `host` matches that host on the default port; `host:port` exactly; `*.domain` any host under the domain
 * (not the domain itself) on the default port — ČÚZK serves from many hosts under cuzk.cz and cuzk.gov.cz.
 */
function hostMatches(entry: string, url: URL): boolean {
  const host = url.host.toLowerCase(); // includes a non-default port
  if (entry.startsWith('*.')) return url.port === '' && host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
  return entry.includes(':') && !entry.startsWith('[') ? host === entry : host === entry && url.port === '';
}

/** An http(s) address without credentials on an allowed host (the capabilities and the tile proxy). */
export function checkAllowedUrl(raw: string | undefined, allowedHosts: readonly string[]): ProxyCheck {
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
  const allowed = allowedHosts.some((entry) => hostMatches(entry.trim().toLowerCase(), url));
  if (!allowed) return { ok: false, status: 403, message: proxyTexts.hostNotAllowed };
  return { ok: true, url };
}

export function checkProxyUrl(raw: string | undefined, allowedHosts: readonly string[]): ProxyCheck {
  const check = checkAllowedUrl(raw, allowedHosts);
  if (!check.ok) return check;
  const url = check.url;
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

/**
 * Fetches the capabilities; ServiceError (logged) on anything but a 200 within the limits, ProxyContentError
 * (logged) when the type is not one the proxy passes on.
 */
export async function fetchCapabilities(url: URL, opts: FetchOptions = {}): Promise<ProxyAnswer> {
  const res = await callService('map-proxy', url.toString(), { redirect: 'manual' }, opts);
  if (res.status !== 200) {
    opts.log?.error({ service: 'map-proxy', url: url.toString(), status: res.status }, 'map-proxy: not 200');
    throw new ServiceError('map-proxy', `map-proxy: HTTP ${res.status}`, res.status);
  }
  const upstreamType = res.headers.get('content-type') ?? '';
  const contentType = passedContentType(upstreamType);
  if (!contentType) {
    await res.body?.cancel().catch(() => undefined);
    opts.log?.error(
      { service: 'map-proxy', url: url.toString(), contentType: upstreamType },
      'map-proxy: type refused',
    );
    throw new ProxyContentError(upstreamType);
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
  return { contentType, body };
}
