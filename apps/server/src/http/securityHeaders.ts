/**
 * Security headers on every answer of the app (API, static panel, errors, 404): a Content-Security-Policy
 * built from the configuration, nosniff, no framing, a referrer policy — by @fastify/helmet, given the policy's
 * directives that depend on the configured map hosts (one pure function, tested) and on the request's host.
 *
 * What the panel needs (docs/ARCHITECTURE.md "Metrics, logging and secrets"):
 * - scripts only from our origin: the built index.html has no inline script; zod runs jitless in the browser
 *   (apps/web/src/zodJitless.ts) so it never probes `Function('')`, which would be an eval violation;
 * - MUI/emotion inline styles ('unsafe-inline' for styles only);
 * - the map: OpenLayers canvases and `blob:`/`data:` images, tiles and capabilities from the MAP_LAYERS hosts
 *   (DRONE_WMS_URL and CADASTRE_WMS_URL are among them; the other map services are called by the server);
 * - web workers and the service worker (`worker-src 'self' blob:`), blob/data audio (`media-src`);
 * - socket.io over the same host (`connect-src 'self'` plus ws/wss of the request's host for older browsers
 *   whose 'self' does not cover WebSockets);
 * - chat links shown in the iframe modal (`frame-src https:`) and the DŽIN page (its origin);
 * - only with MAPY_API_KEY: Mapy.com's JS Panorama — its script from api.mapy.cz, its tiles, styles and
 *   fonts from their hosts (`MAPY_SOURCES`); without the key nothing of theirs is allowed.
 */
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

type CspConfig = Pick<Config, 'mapLayers' | 'dzinEventUrl'> & {
  mapServices?: Pick<Config['mapServices'], 'mapyApiKey'>;
};

/** Mapy.com's panorama: the script host (their docs' script tag) and the hosts its viewer loads from. */
export const MAPY_SCRIPT_SOURCE = 'https://api.mapy.cz';
export const MAPY_SOURCES = ['https://*.mapy.cz', 'https://*.mapy.com'];

/** A CSP host-source of a configured URL, or null when it cannot be one safely (e.g. a template in the host). */
export function sourceOf(url: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url.trim());
  if (!m) return null;
  const scheme = m[1].toLowerCase();
  // a tile template with a subdomain placeholder ({a-c}.tile.example.org) becomes a leading wildcard
  const host = m[2].toLowerCase().replace(/^\{[^}]*\}\./, '*.');
  if (host.includes('@')) return null; // credentials in a URL: not a host we put into a policy
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host) && !/^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host)) return null;
  return `${scheme}://${host}`;
}

/** Origins the browser loads map tiles and capabilities from (MAP_LAYERS, with the drone and cadastre WMS). */
export function mapSources(config: CspConfig): string[] {
  const urls = Object.values(config.mapLayers ?? {}).map((layer) => layer?.url ?? '');
  return unique(urls.map(sourceOf).filter((s): s is string => s !== null));
}

/** `host[:port]` of a request, when it is one (a Host header is client input: never copy anything else). */
export function requestHost(host: string | undefined): string | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  return /^[a-z0-9.-]+(:\d{1,5})?$/.test(h) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(h) ? h : null;
}

/**
 * The panel's Content-Security-Policy directives from the configuration. `connect-src` starts with `'self'`,
 * to which the headers add ws/wss of the request's host (`registerSecurityHeaders`).
 */
export function cspDirectives(config: CspConfig): Record<string, string[]> {
  const maps = mapSources(config);
  const dzin = config.dzinEventUrl ? sourceOf(config.dzinEventUrl) : null;
  const mapy = config.mapServices?.mapyApiKey ? MAPY_SOURCES : [];
  const mapyScript = mapy.length > 0 ? [MAPY_SCRIPT_SOURCE] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...mapyScript],
    'style-src': ["'self'", "'unsafe-inline'", ...mapy],
    'img-src': ["'self'", 'data:', 'blob:', ...maps, ...mapy],
    'font-src': ["'self'", 'data:', ...mapy],
    'connect-src': ["'self'", 'blob:', ...maps, ...mapy],
    'media-src': ["'self'", 'blob:', 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-src': ['https:', ...(dzin ? [dzin] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.fromEntries(Object.entries(directives).map(([name, values]) => [name, unique(values)]));
}

/** `'self'` and, when the request's Host is a host, its ws/wss (older browsers' 'self' does not cover sockets). */
function selfAndSockets(request: IncomingMessage): string {
  const host = requestHost(request.headers.host);
  return host ? `'self' ws://${host} wss://${host}` : "'self'";
}

/**
 * Sets the headers at the start of every request (helmet's onRequest hook), so errors, 404 and static files
 * carry them too; a route may replace one (the map proxy sends its own sandboxing policy). HSTS is left to
 * the TLS proxy (deploy/nginx/panel.conf), which knows whether the panel is on HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: CspConfig): Promise<void> {
  const directives: Record<string, (string | ((request: IncomingMessage) => string))[]> = cspDirectives(config);
  directives['connect-src'] = [selfAndSockets, ...directives['connect-src'].slice(1)];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    // frame-ancestors for browsers that predate it
    xFrameOptions: { action: 'deny' },
    // tile servers may check the origin; paths and queries (event ids) stay home
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
