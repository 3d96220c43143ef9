/**
 * Form bodies for the KTC calls, scoped to the plugin that registers them (@fastify/formbody and
 * @fastify/multipart are not installed): `application/x-www-form-urlencoded` through URLSearchParams and the
 * text fields of `multipart/form-data` (what a browser's FormData sends; file parts are ignored).
 */
import type { FastifyInstance } from 'fastify';

export function parseUrlEncoded(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Text fields of a multipart body; files (parts with a filename) are skipped. */
export function parseMultipartFields(body: string, contentType: string): Record<string, string> {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new Error('multipart boundary missing');
  const out: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!name || /\bfilename=/i.test(disposition)) continue;
    out[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return out;
}

export function registerFormParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseUrlEncoded(String(body)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseMultipartFields(String(body), request.headers['content-type'] ?? ''));
    } catch {
      const err = Object.assign(new Error('Chybný formát požadavku.'), { statusCode: 400 });
      done(err, undefined);
    }
  });
}
