/**
 * What the server answers, for the not-found handler (issue 23 item 8: an unknown path must not look like
 * success). Every route is seen as it is registered (`onRoute`, installed before the first route) and indexed
 * in a find-my-way router — the router Fastify itself uses, so paths match exactly as Fastify matches them —
 * to answer two questions about a request Fastify found no route for:
 *
 * - `allowedMethods(path)`: the methods some route takes at this path (a known path asked with a wrong method
 *   is a 405 with `Allow`, not a 404);
 * - `isApiPath(path)`: whether the path lies under an API prefix. The prefixes are derived from the routes'
 *   first segments (`/v2`, `/v3`, `/hzs`, `/ktc`, `/tts`, `/hunting-region`, `/healthz` …), a hyphenated one
 *   also as its family (`/train-location` → `/train-*`, `/jpo-area` → `/jpo-*`), plus the paths served beside
 *   Fastify (socket.io's engine on the same HTTP server; `/metrics`, which is never the panel whatever port
 *   serves it; `/api`). Such a path is never answered with the panel's HTML.
 *
 * The built panel's own files (the static wildcard) are left out: they are marked `panelFile` in their route
 * config (panelFiles.ts).
 */
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a file of the built panel (the static wildcard), not an API route */
    panelFile?: boolean;
  }
}

/**
 * API paths no Fastify route of this app declares: socket.io's engine on the same HTTP server, `/metrics`
 * (wherever it is served, never the panel) and `/api` (kept for the API by the panel's service worker too).
 */
export const NON_FASTIFY_PREFIXES = ['/socket.io', '/metrics', '/api'] as const;

const HTTP_METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface RouteIndex {
  allowedMethods(pathname: string): string[];
  isApiPath(pathname: string): boolean;
  /** the derived prefixes, for tests and docs: exact segments and hyphen families (`/train-`) */
  prefixes(): { segments: string[]; families: string[] };
}

/** Starts collecting `app`'s routes; call before any route is registered. The index is built on first use. */
export function collectRoutes(app: FastifyInstance): RouteIndex {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  let built: {
    router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
    segments: Set<string>;
    families: Set<string>;
  } | null = null;
  const index = () => {
    if (built) return built;
    const router = FindMyWay();
    const segments = new Set<string>(NON_FASTIFY_PREFIXES);
    const families = new Set<string>();
    for (const route of routes) {
      if (route.config?.panelFile) continue;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        try {
          router.on(method as HTTPMethod, route.url, () => undefined);
        } catch {
          // the same method and path twice (Fastify's automatic HEAD beside an explicit one): indexed once
        }
      }
      const first = route.url.split('/')[1] ?? '';
      if (!first || /[:*(]/.test(first)) continue;
      segments.add(`/${first}`);
      if (first.includes('-') && !first.includes('.')) families.add(`/${first.split('-')[0]}-`);
    }
    built = { router, segments, families };
    return built;
  };

  return {
    allowedMethods(pathname) {
      const { router } = index();
      return HTTP_METHODS.filter((m) => router.find(m, pathname) !== null);
    },
    isApiPath(pathname) {
      const { segments, families } = index();
      const first = `/${pathname.split('/')[1] ?? ''}`;
      if (segments.has(first)) return true;
      for (const family of families) if (pathname.startsWith(family)) return true;
      return false;
    },
    prefixes() {
      const { segments, families } = index();
      return { segments: [...segments].sort(), families: [...families].sort() };
    },
  };
}
