/**
 * GET /tts/api limits (issue 11): at most TTS_NEW_PER_MINUTE new syntheses per session and minute (429 with
 * Retry-After; cached texts and other sessions are not affected), and a full worker queue answers 503 with
 * Retry-After instead of piling up work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { DEFAULT_MAX_QUEUED, DEFAULT_WORKERS, existingRenderPool } from '../assets/renderPool.js';
import { TTS_NEW_PER_MINUTE } from './routes.js';

describe('tts limits (issue 11)', () => {
  let t: TestApp;
  let first: TestSession;
  let second: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    first = await login(t.app, 'jednotka');
    second = await login(t.app, 'dispecer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const speak = (text: string, session: TestSession) =>
    t.app.inject({ method: 'GET', url: `/tts/api?t=${encodeURIComponent(text)}`, headers: session.headers });

  it('429 with Retry-After after the new texts of a minute; cached texts and other sessions still answer', async () => {
    // short texts: each synthesis is quick, the limit counts texts, not their length
    for (let i = 0; i < TTS_NEW_PER_MINUTE; i++) {
      const res = await speak(`vlak ${i}`, first);
      expect(res.statusCode, `text ${i}: ${res.body}`).toBe(200);
      expect(res.headers['x-tts-cache']).toBe('synthesized');
    }
    const refused = await speak('vlak navíc', first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Příliš mnoho nových textů k přečtení. Zkuste to prosím za chvíli.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // a cached text costs nothing, also for the limited session
    const cached = await speak('vlak 3', first);
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-tts-cache']).toBe('memory');

    // the limit is per session
    const other = await speak('vlak navíc', second);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.headers['x-tts-cache']).toBe('synthesized');
    // …and now that text is cached, so the limited session gets it too
    expect((await speak('vlak navíc', first)).statusCode).toBe(200);
  }, 180_000);

  it('503 with Retry-After when the worker queue is full; closing the pool drops the waiting jobs', async () => {
    const pool = existingRenderPool(t.app)!;
    const long = 'Požár nákladního vlaku v železniční stanici Kolín, vyjíždí jednotka Praha. '.repeat(3);
    // fill the worker and its queue directly (sessions would hit their own limit first)
    const jobs = Array.from({ length: DEFAULT_WORKERS + DEFAULT_MAX_QUEUED }, (_, i) =>
      pool.run({ kind: 'speech', text: `${long} ${i}` }).then(
        () => 'done',
        (error: unknown) => (error instanceof Error ? error.message : 'failed'),
      ),
    );
    expect(pool.stats()).toMatchObject({ running: DEFAULT_WORKERS, queued: DEFAULT_MAX_QUEUED });
    const busy = await speak('text do plné fronty', second);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ message: 'Předčítání je přetížené. Zkuste to prosím za chvíli.' });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(pool.stats().refused).toBe(1);
    await pool.close(); // drops the queued jobs (the test app closes next anyway)
    expect(new Set(await Promise.all(jobs))).toContain('render pool closed');
  }, 60_000);
});
