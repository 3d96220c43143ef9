/**
 * The built panel at `/`: hashed assets cached for a year, everything else revalidated, the precompressed variant
 * (`.br`, `.gz`, written by the web build) chosen by the browser's Accept-Encoding.
 *
 * What no route answers (issue 23 item 8: an unknown path must not look like success):
 * - a known path asked with another method → 405 with `Allow` and the house `{message}`;
 * - a browser navigation (GET/HEAD, `Accept` naming text/html, no file extension) outside the API prefixes
 *   (routeIndex.ts: derived from the registered routes) → index.html, the panel (its only client path is `/`,
 *   but a bookmarked or mistyped page still opens the panel);
 * - anything else → 404 `{message}`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serverTexts } from '../texts.js';
import type { RouteIndex } from './routeIndex.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Cache-Control of a built file, by its path relative to dist. Only Vite's content-hashed output under `assets/`
 * may be kept forever: a new build gives it a new name. index.html, the service worker, the manifest,
 * version.json and the public files (icons, sounds) keep their names across deployments, so the browser must ask
 * again each time (a 304 through the ETag costs next to nothing).
 */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/').replace(/^\/+/, '');
  return normalized.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

function isPanelNavigation(request: FastifyRequest, pathname: string, routes: RouteIndex): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (routes.isApiPath(pathname)) return false;
  if (path.extname(pathname) !== '') return false; // a missing asset stays 404
  // a browser's navigation asks for text/html; a client's `*/*` or no Accept is not one
  return (request.headers.accept ?? '').includes('text/html');
}

const missingBuildPage = `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><title>Panel</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>Panel</h1>
<p>${serverTexts.buildMissing}</p>
<p>API běží; volání <code>/v2/…</code> odpovídají.</p>
</body></html>`;

export async function registerPanel(app: FastifyInstance, webDist: string, routes: RouteIndex): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (existsSync(indexFile)) {
    await app.register(async (scope) => {
      // static files need no session; `panelFile`: not an API route (routeIndex.ts)
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), public: true, withoutDatabase: true, panelFile: true };
      });
      await scope.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        index: 'index.html',
        decorateReply: false,
        preCompressed: true,
        cacheControl: false, // ours, below: send's maxAge cannot tell hashed from named files
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(path.relative(webDist, filePath)));
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const allowed = routes.allowedMethods(pathname);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ message: serverTexts.methodNotAllowed(request.method) });
    }
    if (isPanelNavigation(request, pathname, routes)) {
      reply.header('cache-control', REVALIDATE);
      if (existsSync(indexFile)) return reply.type('text/html; charset=utf-8').send(await readFile(indexFile));
      return reply.type('text/html; charset=utf-8').send(missingBuildPage);
    }
    return reply.status(404).send({ message: serverTexts.notFound });
  });
}
