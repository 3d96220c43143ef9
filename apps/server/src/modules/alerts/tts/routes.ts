/**
 * GET /tts/api?t={text} (001 §7): Czech speech of the text, synthesized on the server by eSpeak NG (WebAssembly,
 * voice cs) in the render worker thread (modules/alerts/assets/renderPool.ts), answered as `audio/mpeg` (mono,
 * 22.05 kHz, 48 kbit/s, lamejs). A session is required. Cached by text (memory LRU + files in the data
 * directory; cache.ts, main thread); `Cache-Control: private, max-age=86400`, ETag and 304 by @fastify/etag (the
 * hash of the bytes: the same text in the same voice gives the same mp3). Schemas: `@panel/domain/alerts`.
 * Authorization: a session is all it needs (no permission of its own).
 * - 422 `[{field: 't', message}]` for an empty text or one over TTS_MAX_LENGTH characters.
 * - 429 `{message}` + Retry-After: a session asked for more than TTS_NEW_PER_MINUTE texts not yet cached within
 *   a minute (cached texts are free; the panel speaks only alert titles, one at a time, so it stays far below).
 * - 503 `{message}` + Retry-After: the worker's queue is full (or the worker failed).
 */
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mp3Body, speechQuery } from '@panel/domain/alerts';
import { HttpError, retryLater, unprocessable } from '../../../errors.js';
import { RenderBusyError, renderPoolOf } from '../assets/renderPool.js';
import { createSpeechCache } from './cache.js';
import { createRateLimiter } from './rateLimit.js';

export const TTS_MAX_LENGTH = 300;
/** new syntheses (texts not in any cache) per session and minute */
export const TTS_NEW_PER_MINUTE = 20;
/** seconds to wait after a synthesis failed in the worker */
const FAILED_RETRY_SECONDS = 5;

export const ttsTexts = {
  // ours
  empty: 'Zadejte text k přečtení.',
  tooLong: `Text k přečtení může mít nejvýše ${TTS_MAX_LENGTH} znaků.`,
  rateLimited: 'Příliš mnoho nových textů k přečtení. Zkuste to prosím za chvíli.',
  busy: 'Předčítání je přetížené. Zkuste to prosím za chvíli.',
} as const;

/** Trimmed, whitespace runs as one space, control characters dropped. */
export function normalizeSpeechText(raw: string): string {
  const visible = [...raw].map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' ? ' ' : ch)).join('');
  return visible.replace(/\s+/g, ' ').trim();
}

export default async function ttsRoutes(app: FastifyInstance) {
  await app.register(etag);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = renderPoolOf(app);
  const cache = createSpeechCache(app.deps.config.dataDir, (text) => pool.run({ kind: 'speech', text }));
  const limiter = createRateLimiter(TTS_NEW_PER_MINUTE, 60_000);

  r.get(
    '/tts/api',
    {
      schema: {
        operationId: 'speakText',
        summary: 'Synthesize a Czech text as speech (MP3).',
        tags: ['alerts'],
        querystring: speechQuery,
        response: { 200: mp3Body },
      },
    },
    async (request, reply) => {
      const raw = request.query.t;
      const text = normalizeSpeechText(Array.isArray(raw) ? raw.join(' ') : (raw ?? ''));
      if (!text) throw unprocessable({ field: 't', message: ttsTexts.empty });
      if ([...text].length > TTS_MAX_LENGTH) throw unprocessable({ field: 't', message: ttsTexts.tooLong });
      const admit = () => {
        const wait = limiter.take(request.auth.sessionId);
        if (wait !== null) throw retryLater(429, ttsTexts.rateLimited, wait);
      };
      let speech;
      try {
        speech = await cache.speak(text, admit);
      } catch (error) {
        if (error instanceof HttpError) throw error; // the rate limit
        if (error instanceof RenderBusyError) {
          limiter.refund(request.auth.sessionId); // nothing was synthesized for it
          throw retryLater(503, ttsTexts.busy, error.retryAfterSeconds);
        }
        // the worker failed or was stopped (a stuck job): the next request gets a new one
        request.log.error({ err: error }, 'tts failed');
        throw retryLater(503, ttsTexts.busy, FAILED_RETRY_SECONDS);
      }
      reply.header('cache-control', 'private, max-age=86400');
      reply.header('x-tts-cache', speech.source);
      return reply.type('audio/mpeg').send(speech.data);
    },
  );
}
