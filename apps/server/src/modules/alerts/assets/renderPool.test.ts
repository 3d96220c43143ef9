/**
 * The render worker pool (issue 11): speech and tones come back as real mp3 from a worker thread, the event loop
 * keeps ticking while a long text is spoken, the queue bound refuses (RenderBusyError) instead of piling up, tone
 * jobs jump the queue, a stuck job costs only itself (its worker is replaced), and idle workers can be let go.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inspectMp3 } from './mp3.js';
import { RenderBusyError, createRenderPool, type RenderPool } from './renderPool.js';

const LONG = 'Požár nákladního vlaku v železniční stanici Kolín, vyjíždí jednotka Praha. '.repeat(4).slice(0, 300);

let pool: RenderPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const isMp3 = (data: Buffer) => data[0] === 0xff && (data[1] & 0xe0) === 0xe0;

describe('render pool', () => {
  it('speaks a 300-character text in a worker while the event loop keeps ticking', async () => {
    pool = createRenderPool({ workers: 1 });
    await pool.run({ kind: 'tone', pattern: 'chirp' }); // the worker is up (its start is not what is measured)

    let last = performance.now();
    let maxGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const mp3 = await pool.run({ kind: 'speech', text: LONG });
    const took = performance.now() - started;
    clearInterval(ticker);

    expect(isMp3(mp3)).toBe(true);
    const info = inspectMp3(mp3)!;
    expect(info.duration).toBeGreaterThan(10); // 300 characters of Czech speech
    expect(info.audibleFrames / info.frames).toBeGreaterThan(0.5);
    console.log(`300 characters spoken in ${took.toFixed(0)} ms, longest event-loop gap ${maxGap.toFixed(0)} ms`);
    // on the loop itself the whole synthesis would be one gap (QA: 2.5 s for 500 characters); the bound is
    // relative, because on a shared, loaded machine the scheduler alone makes gaps of 100+ ms
    expect(maxGap).toBeLessThan(took / 3);
  }, 60_000);

  it('refuses jobs beyond the queue bound at once; tones jump the queue and are never refused', async () => {
    pool = createRenderPool({ workers: 1, maxQueued: 2 });
    const order: string[] = [];
    const track = (name: string, p: Promise<Buffer>) =>
      p.then(
        (data) => {
          order.push(name);
          return isMp3(data) ? 'ok' : 'not mp3';
        },
        (error: unknown) => (error instanceof RenderBusyError ? `busy ${error.retryAfterSeconds}` : String(error)),
      );
    const running = track('s1', pool.run({ kind: 'speech', text: 'první' }));
    const queued = [
      track('s2', pool.run({ kind: 'speech', text: 'druhý' })),
      track('s3', pool.run({ kind: 'speech', text: 'třetí' })),
    ];
    const refused = track('s4', pool.run({ kind: 'speech', text: 'čtvrtý' }));
    const tone = track('tone', pool.run({ kind: 'tone', pattern: 'bell' }, { priority: true }));
    expect(pool.stats()).toMatchObject({ running: 1, queued: 3, refused: 1 });

    expect(await refused).toMatch(/^busy \d+$/);
    expect(await Promise.all([running, ...queued, tone])).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(order).toEqual(['s1', 'tone', 's2', 's3']);
    expect(pool.stats()).toMatchObject({ done: 4, failed: 0, queued: 0 });
  }, 60_000);

  it('a job over its time limit fails alone; its worker is replaced and the pool keeps answering', async () => {
    pool = createRenderPool({ workers: 1, jobTimeoutMs: 50 });
    await expect(pool.run({ kind: 'speech', text: LONG })).rejects.toThrow(/over 50 ms/);
    expect(pool.stats()).toMatchObject({ workers: 0, running: 0, failed: 1 });
    // a new worker for the next job; whether a tone fits into 50 ms on a busy machine does not matter here:
    // the job settles either way, nothing hangs
    const next = await pool.run({ kind: 'tone', pattern: 'tripleBeep' }).then(isMp3, (e: unknown) => String(e));
    expect([true, 'Error: render job over 50 ms']).toContain(next);
  }, 60_000);

  it('releaseIdle stops the idle workers at once, spares a busy one, and the next job gets a new worker', async () => {
    pool = createRenderPool({ workers: 2 });
    await Promise.all([pool.run({ kind: 'tone', pattern: 'chirp' }), pool.run({ kind: 'tone', pattern: 'chirp' })]);
    expect(pool.stats()).toMatchObject({ workers: 2, running: 0 });
    pool.releaseIdle();
    expect(pool.stats().workers).toBe(0);

    const speaking = pool.run({ kind: 'speech', text: 'Vyjíždí jednotka Praha.' });
    expect(pool.stats()).toMatchObject({ workers: 1, running: 1 });
    pool.releaseIdle(); // the busy worker stays and finishes its job
    expect(pool.stats().workers).toBe(1);
    expect(isMp3(await speaking)).toBe(true);
    expect(isMp3(await pool.run({ kind: 'tone', pattern: 'tripleBeep' }))).toBe(true);
    expect(pool.stats()).toMatchObject({ done: 4, failed: 0 });
  }, 60_000);
});
