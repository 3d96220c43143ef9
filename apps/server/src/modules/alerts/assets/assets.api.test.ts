/**
 * The sound library (issue 7): the list, and every listed file is a real mp3 made by the project — frame sync,
 * longer than 0.5 s, frames that carry sound (silence has none) — each tone different; the seeded categories'
 * sounds resolve. Rendering on an empty data directory: tones.api.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { encodeMp3, inspectMp3 } from './mp3.js';

interface SoundList {
  assets: string;
  types: { id: number; code: string; name: string; type: string; url: string }[];
}

describe('sounds (issue 7)', () => {
  let t: TestApp;
  let session: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    session = await login(t.app, 'jednotka');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (): Promise<SoundList> => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/assets/sounds', headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SoundList;
  };

  it('401 for the list without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/assets/sounds' })).statusCode).toBe(401);
  });

  it('lists the library with the files path', async () => {
    const body = await list();
    expect(body.assets).toBe('/v2/assets/sounds/files');
    expect(body.types.map((x) => x.code)).toEqual(['login', 'alarm', 'call', 'message', 'radio']);
    for (const x of body.types) expect(x.url).toBe(`${body.assets}/${x.id}.mp3`);
  });

  it('every listed file is a real, audible, distinct mp3 with cache headers', async () => {
    const seen = new Set<string>();
    for (const x of (await list()).types) {
      const res = await t.app.inject({ method: 'GET', url: x.url });
      expect(res.statusCode, x.code).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const data = res.rawPayload;
      expect(data[0]).toBe(0xff);
      expect(data[1] & 0xe0).toBe(0xe0);
      const info = inspectMp3(data)!;
      expect(info, x.code).not.toBeNull();
      expect(info.duration, x.code).toBeGreaterThan(0.5);
      expect(info.audibleFrames / info.frames, x.code).toBeGreaterThan(0.4);
      seen.add(data.toString('base64'));
      if (x.code === 'alarm') writeFileSync('/tmp/panel-alarm.mp3', data);
      const again = await t.app.inject({
        method: 'GET',
        url: x.url,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
    expect(seen.size).toBe(5);
  });

  it('the frame check tells silence from sound', () => {
    const silent = inspectMp3(encodeMp3(new Int16Array(22050), 22050))!;
    expect(silent.duration).toBeGreaterThan(0.5);
    expect(silent.audibleFrames).toBe(0);
    expect(inspectMp3(Buffer.from('not an mp3 at all'))).toBeNull();
  });

  it("the seeded categories' soundAssetId values resolve to files", async () => {
    const ids = [...new Set((await t.db.select().from(s.eventCategories)).map((c) => c.soundAssetId))].filter(
      (id): id is number => id != null,
    );
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/v2/assets/sounds/files/${id}.mp3` });
      expect(res.statusCode, String(id)).toBe(200);
    }
  });

  it('404 for an unknown asset or name', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/assets/sounds/files/999.mp3' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v2/assets/sounds/files/2.wav' })).statusCode).toBe(404);
  });
});
