/**
 * Form bodies for the calls that take forms (KTC, contacts SMS), scoped to the plugin that registers them:
 * `application/x-www-form-urlencoded` through @fastify/formbody and the text fields of `multipart/form-data`
 * (what a browser's FormData sends) through @fastify/multipart; file parts are drained and ignored.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '@panel/domain/locale';
import { badRequest, unprocessable } from '../../../errors.js';
import { findBadText } from '../../../http/textGuard.js';

/** Text fields of a multipart body (a repeated name: the last wins, as in a url-encoded form); files drained. */
async function multipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') part.file.resume();
      else out[part.fieldname] = String(part.value);
    }
  } catch {
    // no boundary, a cut-off body, too many parts: the client's form is broken, not the server
    throw badRequest();
  }
  return out;
}

/** Not awaited (the callers do not await it either): the plugins load with the caller's plugin, in its scope. */
export function registerFormParsers(app: FastifyInstance): void {
  // a repeated key: the last wins (URLSearchParams), as before; formbody's default would make it an array
  void app.register(formbody, { parser: (body) => Object.fromEntries(new URLSearchParams(body)) });
  void app.register(multipart);
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await multipartFields(request);
    // the root's text guard ran before these fields were read: the same NUL / lone-surrogate scan for them
    // (http/textGuard.ts), so a multipart field cannot carry what no column holds
    const bad = findBadText(request.body);
    if (bad === null) return;
    throw unprocessable({ field: bad.path, message: bad.reason === 'text' ? texts.wire.badText : texts.wire.tooDeep });
  });
}
