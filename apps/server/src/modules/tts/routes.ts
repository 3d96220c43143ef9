/**
 * GET /tts/api?t={text} (001 §7): Czech speech of the text, synthesized on the server by eSpeak NG (WebAssembly,
 * voice cs), answered as `audio/mpeg` (mono, 22.05 kHz, 48 kbit/s, lamejs). A session is required. 422
 * `[{field: 't', message}]` for an empty text or one over 500 characters. Cached by text (memory LRU + files in
 * the data directory); `Cache-Control: private, max-age=86400`, ETag, 304.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unprocessable } from '../../errors.js';
import { createSpeechCache } from './cache.js';

export const TTS_MAX_LENGTH = 500;

export const ttsTexts = {
  // ours
  empty: 'Zadejte text k přečtení.',
  tooLong: `Text k přečtení může mít nejvýše ${TTS_MAX_LENGTH} znaků.`,
} as const;

const query = z.object({ t: z.union([z.string(), z.array(z.string())]).optional() });

/** Trimmed, whitespace runs as one space, control characters dropped. */
export function normalizeSpeechText(raw: string): string {
  const visible = [...raw].map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' ? ' ' : ch)).join('');
  return visible.replace(/\s+/g, ' ').trim();
}

export default async function ttsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = createSpeechCache(app.deps.config.dataDir);

  r.get('/tts/api', { schema: { querystring: query } }, async (request, reply) => {
    const raw = request.query.t;
    const text = normalizeSpeechText(Array.isArray(raw) ? raw.join(' ') : (raw ?? ''));
    if (!text) throw unprocessable({ field: 't', message: ttsTexts.empty });
    if ([...text].length > TTS_MAX_LENGTH) throw unprocessable({ field: 't', message: ttsTexts.tooLong });
    const speech = await cache.speak(text);
    reply.header('cache-control', 'private, max-age=86400');
    reply.header('etag', speech.etag);
    reply.header('x-tts-cache', speech.source);
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === speech.etag))
      return reply.status(304).send();
    return reply.type('audio/mpeg').send(speech.data);
  });
}
