/**
 * GET /tts/api (issue 7): real Czech speech from eSpeak NG as mp3 — not silent, long enough, cached (the second
 * call comes from memory and is much faster); 401 without a session, 422 for empty or too long (> 300) texts.
 * Limits (429, 503): tts.limits.api.test.ts; the worker itself: assets/renderPool.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { inspectMp3 } from '../assets/mp3.js';

describe('tts (issue 7)', () => {
  let t: TestApp;
  let session: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    session = await login(t.app, 'jednotka');
  });
  afterAll(async () => {
    await t?.close();
  });

  const speak = (text: string, headers = session.headers) =>
    t.app.inject({ method: 'GET', url: `/tts/api?t=${encodeURIComponent(text)}`, headers });

  it('speaks "Nová událost" as audible mp3; the second call is cached and much faster', async () => {
    const started = performance.now();
    const cold = await speak('Nová událost');
    const coldMs = performance.now() - started;
    expect(cold.statusCode, cold.body).toBe(200);
    expect(cold.headers['content-type']).toBe('audio/mpeg');
    expect(cold.headers['x-tts-cache']).toBe('synthesized');
    const info = inspectMp3(cold.rawPayload)!;
    expect(info).not.toBeNull();
    expect(info.duration).toBeGreaterThan(0.5);
    expect(info.duration).toBeLessThan(5);
    expect(info.audibleFrames / info.frames).toBeGreaterThan(0.5);
    writeFileSync('/tmp/panel-tts.mp3', cold.rawPayload);

    const again = performance.now();
    const warm = await speak('  Nová   událost ');
    const warmMs = performance.now() - again;
    expect(warm.statusCode).toBe(200);
    expect(warm.headers['x-tts-cache']).toBe('memory');
    expect(warm.rawPayload.equals(cold.rawPayload)).toBe(true);
    expect(warmMs * 5).toBeLessThan(coldMs);
    console.log(`tts cold ${coldMs.toFixed(0)} ms, warm ${warmMs.toFixed(1)} ms, ${cold.rawPayload.length} B`);
  });

  it('a longer text gives longer speech; 304 on the ETag', async () => {
    const short = await speak('Poplach');
    const long = await speak('Požár nákladního vlaku v železniční stanici Kolín, vyjíždí jednotka Praha.');
    expect(inspectMp3(long.rawPayload)!.duration).toBeGreaterThan(inspectMp3(short.rawPayload)!.duration + 1);
    const cached = await t.app.inject({
      method: 'GET',
      url: `/tts/api?t=Poplach`,
      headers: { ...session.headers, 'if-none-match': short.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('401 without a session; 422 for an empty or too long text', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/tts/api?t=ahoj' })).statusCode).toBe(401);
    const empty = await speak('   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual([{ field: 't', message: 'Zadejte text k přečtení.' }]);
    expect((await t.app.inject({ method: 'GET', url: '/tts/api', headers: session.headers })).statusCode).toBe(422);
    const long = await speak('a'.repeat(301));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual([{ field: 't', message: 'Text k přečtení může mít nejvýše 300 znaků.' }]);
    expect((await speak('a'.repeat(300))).statusCode).toBe(200);
  });
});
