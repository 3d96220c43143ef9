/**
 * Tones on an empty data directory (issue 11): nothing is rendered before the app is ready; the first request
 * for a tone renders it in the worker (concurrent first requests share one rendering) and writes it to the data
 * directory; a listening server renders the missing tones in the background.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/factory.js';
import { inspectMp3 } from './mp3.js';
import { existingRenderPool } from './renderPool.js';

const TONES = ['login', 'alarm', 'call', 'message', 'radio'];
const dirs: string[] = [];
const emptyDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-sounds-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('tones on an empty data directory', () => {
  it('nothing rendered when ready; concurrent first requests render a tone once, into the data directory', async () => {
    const dir = emptyDataDir();
    const t = await createTestApp({ config: { dataDir: dir } });
    try {
      expect(existsSync(path.join(dir, 'sounds'))).toBe(false);
      const pool = existingRenderPool(t.app)!;
      expect(pool.stats()).toMatchObject({ workers: 0, done: 0 });

      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/v2/assets/sounds/files/2.mp3' })),
      );
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('audio/mpeg');
        expect(res.rawPayload.equals(answers[0].rawPayload)).toBe(true);
      }
      expect(inspectMp3(answers[0].rawPayload)!.duration).toBeGreaterThan(0.5);
      expect(pool.stats().done).toBe(1);
      const file = path.join(dir, 'sounds', 'alarm.mp3');
      expect(readFileSync(file).equals(answers[0].rawPayload)).toBe(true);

      // the other tones were not asked for, so they are not there
      expect(existsSync(path.join(dir, 'sounds', 'login.mp3'))).toBe(false);
    } finally {
      await t.close();
    }
    // a fresh embedded database plus an mp3 encoding in a worker: CPU-bound, 30 s is short on a loaded 2-core CI
  }, 90_000);

  it('a listening server renders the missing tones in the background', async () => {
    const dir = emptyDataDir();
    const t = await createTestApp({ config: { dataDir: dir } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const files = TONES.map((name) => path.join(dir, 'sounds', `${name}.mp3`));
      // bounded wait for the background work (five tones take about a second on an idle machine)
      for (let i = 0; i < 600 && !files.every((f) => existsSync(f)); i++) await new Promise((r) => setTimeout(r, 100));
      for (const file of files) expect(inspectMp3(readFileSync(file))!.duration, file).toBeGreaterThan(0.5);
      expect(existingRenderPool(t.app)!.stats().done).toBe(TONES.length);
    } finally {
      await t.close();
    }
  }, 90_000);
});
