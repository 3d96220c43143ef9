/**
 * The built panel at `/`: hashed assets cached for a year, everything else revalidated, the precompressed variant
 * (`.br`, `.gz`, written by the web build) chosen by the browser's Accept-Encoding; every other GET navigation
 * gets index.html (SPA), API paths a JSON 404.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serverTexts } from '../texts.js';

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

const API_PREFIXES = ['/v2/', '/v3/', '/api/', '/socket.io/'];

function isPanelNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (API_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  if (path.extname(pathname) !== '') return false; // a missing asset stays 404
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

const missingBuildPage = `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><title>Panel</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>Panel</h1>
<p>${serverTexts.buildMissing}</p>
<p>API běží; volání <code>/v2/…</code> odpovídají.</p>
</body></html>`;

export async function registerPanel(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (existsSync(indexFile)) {
    await app.register(async (scope) => {
      // static files need no session
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), public: true, withoutDatabase: true };
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
    if (isPanelNavigation(request)) {
      reply.header('cache-control', REVALIDATE);
      if (existsSync(indexFile)) return reply.type('text/html; charset=utf-8').send(await readFile(indexFile));
      return reply.type('text/html; charset=utf-8').send(missingBuildPage);
    }
    return reply.status(404).send({ message: serverTexts.notFound });
  });
}
