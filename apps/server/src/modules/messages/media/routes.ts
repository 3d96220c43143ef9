/**
 * Attachments of an event (docs/API.md, messages and media):
 * - POST /v2/media/event/{eventId}/{fileName}: the raw file body → 201 `{fileName, size, contentType}` (200 for
 *   the same bytes again, 409 for other bytes under the name); 403 without the right to send messages
 *   (`canUploadMedia`: group MNG is view-only), 404 unknown or invisible event, 422 bad name, type or content, 413 over 5 MB (10 MB with view Debug) with 'Příloha překročila povolenou velikost {N}MB.'.
 * - GET /v2/media/event/{eventId}/{fileName}?size=small|normal|large: the file, for JPEGs with `size` a cached
 *   thumbnail; private cache for a day, ETag with 304.
 * The content-type parsers, the body limit and the 413 text live only in this plugin. Schemas:
 * `@panel/domain/messages` (media belong to the messages). Authorization, one place per route: the upload's
 * `preParsing` (before the body is read), the download's visible-event check in the route.
 *
 * The download keeps its own ETag check rather than @fastify/etag: its strong ETag names the variant
 * (`"{sha1}-{size}"`, so a thumbnail and the original never share one) and a panel may hold several variants,
 * sending a list (`If-None-Match: "a", "b"`, RFC 9110 §13.1.2) — the plugin compares the whole header with one
 * ETag and would answer such a list 200.
 */
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { binaryBody, wireIdParam } from '@panel/domain/http';
import {
  mediaFileParams,
  mediaFileQuery,
  mediaUploadParams,
  uploadedMediaSchema,
  canUploadMedia,
  uploadLimitMb,
} from '@panel/domain/messages';
import { texts } from '@panel/domain/locale';
import { HttpError, forbidden, notFound, unprocessable } from '../../../errors.js';
import { MEDIA_CONTENT_TYPES, baseContentType, checkContent, checkFileName, mediaTexts } from './files.js';
import { isReadableJpeg, readMedia, requireVisibleEvent, saveMedia } from './store.js';

const MB = 1024 * 1024;
/** the hard cap of the body (the largest limit and room for nothing else); the per-user limit is checked too */
export const MEDIA_BODY_LIMIT = 10 * MB + 64 * 1024;

/** the event id as the params schema reads it, for the check before the body (params are not parsed yet) */
const eventIdSchema = wireIdParam();
/** what a download may be: the content types an upload is stored with */
const mediaFileBody = binaryBody(MEDIA_CONTENT_TYPES.join(', '));
/** 304: no body, the ETag matched */
const notModified = binaryBody('nothing: the If-None-Match holds the ETag');

function limitMbOf(request: FastifyRequest): number {
  return request.auth?.ability ? uploadLimitMb(request.auth.ability) : 5;
}

const tooLarge = (mb: number) => {
  const message = texts.messages.attachmentTooLarge(mb);
  return new HttpError(413, message, { message });
};

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** RFC 9110 weak comparison over the list of If-None-Match (see the header comment for why not @fastify/etag) */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export default async function mediaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // every body of this plugin arrives as bytes; an unexpected type then fails the type check with a 422
  const asBuffer = (_request: FastifyRequest, body: Buffer, done: (err: null, body: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser([...MEDIA_CONTENT_TYPES], { parseAs: 'buffer' }, asBuffer);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, asBuffer);

  // a body over the hard cap (announced without Content-Length): the attachment text instead of the generic one
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge(limitMbOf(request));
    throw error;
  });

  r.post(
    '/v2/media/event/:eventId/:fileName',
    {
      bodyLimit: MEDIA_BODY_LIMIT,
      schema: {
        operationId: 'uploadMedia',
        summary: 'Upload a media file to an event (the raw file as the body).',
        tags: ['messages'],
        params: mediaUploadParams,
        response: { 200: uploadedMediaSchema, 201: uploadedMediaSchema },
      },
      // before the body is read: the event, the name and an announced size
      preParsing: async (request, _reply, payload) => {
        // authorize before anything is read: a view-only user learns nothing about the event or the name
        if (!canUploadMedia(request.auth.ability)) throw forbidden();
        const raw = request.params as unknown as { eventId?: string; fileName?: string };
        const eventId = eventIdSchema.safeParse(raw.eventId);
        if (!eventId.success) throw notFound();
        await requireVisibleEvent(app.deps.db, request.auth, eventId.data);
        const name = checkFileName(raw.fileName ?? '');
        if ('error' in name) throw unprocessable(name.error);
        const length = Number(header(request, 'content-length'));
        const limitMb = limitMbOf(request);
        if (Number.isFinite(length) && length > limitMb * MB) throw tooLarge(limitMb);
        return payload;
      },
    },
    async (request, reply) => {
      const { eventId, fileName } = request.params;
      const name = checkFileName(fileName);
      if ('error' in name) throw unprocessable(name.error);
      const data: Buffer = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const declared = baseContentType(header(request, 'content-type'));
      const limitMb = limitMbOf(request);
      if (data.length > limitMb * MB) throw tooLarge(limitMb);
      const total = header(request, 'x-file-size-total');
      if (total !== undefined && total.trim() !== '' && Number(total.trim()) !== data.length) {
        throw unprocessable({ field: 'fileSizeTotal', message: mediaTexts.sizeMismatch });
      }
      const checked = checkContent(name.ext, declared, data);
      if ('error' in checked) throw unprocessable(checked.error);
      if (checked.contentType === 'image/jpeg' && !(await isReadableJpeg(data))) {
        throw unprocessable({ field: 'file', message: mediaTexts.badImage });
      }
      const saved = await saveMedia(app.deps.db, {
        eventId,
        fileName,
        contentType: checked.contentType,
        size: data.length,
        data,
        userId: request.auth.user.id,
        deviceId: request.auth.deviceId,
      });
      return reply.status(saved.created ? 201 : 200).send(saved.media);
    },
  );

  r.get(
    '/v2/media/event/:eventId/:fileName',
    {
      schema: {
        operationId: 'getMedia',
        summary: 'Download a media file of an event, images in a chosen size.',
        tags: ['messages'],
        params: mediaFileParams,
        querystring: mediaFileQuery,
        response: { 200: mediaFileBody, 304: notModified },
      },
    },
    async (request, reply) => {
      const { eventId, fileName } = request.params;
      await requireVisibleEvent(app.deps.db, request.auth, eventId);
      if ('error' in checkFileName(fileName)) throw notFound(mediaTexts.mediaNotFound);
      const size = request.query.size;
      const file = await readMedia(app.deps.db, eventId, fileName, size);
      const variant = size && file.contentType === 'image/jpeg' ? size : 'original';
      const etag = `"${createHash('sha1').update(file.data).digest('hex')}-${variant}"`;
      reply.header('cache-control', 'private, max-age=86400');
      reply.header('etag', etag);
      if (etagMatches(header(request, 'if-none-match'), etag)) return reply.status(304).send();
      reply.header('content-type', file.contentType);
      reply.header('content-length', file.data.length);
      if (file.contentType === 'application/pdf') {
        reply.header(
          'content-disposition',
          `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        );
      }
      return reply.send(file.data);
    },
  );
}
