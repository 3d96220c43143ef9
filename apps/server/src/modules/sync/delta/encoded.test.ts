/**
 * The encoded POST /v2/app answers on the wire: a delta and a "nothing changed" answer carry the same JSON
 * plain, brotli'd and gzipped (the kept bytes decode to the plain answer), the encoding follows Accept-Encoding,
 * and the full bundle comes the same way (modules/sync/full/). What each user gets is held by delta.test.ts and
 * full/full.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { acceptedEncoding } from './encoded.js';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('POST /v2/app encoded answers', () => {
  let t: TestApp;
  let s: TestSession;
  let fireId: number;

  const app = (uid: string | null, encoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: { ...s.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      payload: { uid },
    });

  const decoded = (res: Awaited<ReturnType<typeof app>>) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await login(t.app, 'dispecer');
    const full = (await app(null)).json() as { events: { id: number; code: string }[] };
    fireId = full.events.find((e) => e.code === 'PHA-2025-0412')!.id;
  });
  afterAll(() => t.close());

  it('a delta after a message: the same JSON plain, br and gzip', async () => {
    const { uid } = (await app(null)).json() as { uid: string };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v2/messages',
      headers: s.headers,
      payload: { uuid: randomUUID(), eventId: fireId, messageCategoryId: 1, content: 'kódovaná odpověď' },
    });
    expect(sent.statusCode).toBe(201);
    const plain = await app(uid);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.json() as { resetData: boolean; messages: { content: string }[] };
    expect(body.resetData).toBe(false);
    expect(body.messages.map((m) => m.content)).toContain('kódovaná odpověď');
    expect(plain.body.length).toBeGreaterThanOrEqual(1024); // over the threshold: compressed when accepted
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await app(uid, accept);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(plain.body);
    }
  });

  it('nothing changed: the kept answer, compressed alike; no uid: the full bundle', async () => {
    const { uid } = (await app(null)).json() as { uid: string };
    const plain = await app(uid);
    expect(plain.json()).toMatchObject({ resetData: false, uid, events: [], removed: {} });
    expect(decoded(await app(uid, 'br'))).toBe(plain.body);
    const full = await app(null, 'br');
    expect(JSON.parse(decoded(full))).toMatchObject({ resetData: true });
  });
});
