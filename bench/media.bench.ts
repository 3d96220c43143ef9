/**
 * Photos on the embedded database (issue 28: nothing heavy on the server's only thread). One server on the
 * embedded database with the demo, a dispatcher logged in for real; a photo as a phone sends it (1900 px wide,
 * as the panel scales it, a JPEG of noise so it compresses as badly as a real one) is uploaded again and again
 * under new names (POST /v2/media/event/{id}/{name}) and each one read back whole (GET, the original). Beside it,
 * GET /version.json one call after another on its own connection: the answer every other call of the panel would
 * wait as long as. Printed: upload and read p50/p99, and /version.json p50/p99/max alone and while photos move
 * (the ratio of the p99s). Figures, not a test. Run: `npm run bench:media -w bench`.
 *
 *   BENCH_SECONDS=15   seconds of photos (and as many of /version.json alone before)
 *   BENCH_PHOTO_WIDTH=1900
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mediaFileName } from '@panel/domain/messages';
import { loadSharp } from '../apps/server/src/integrations/sharp.js';
import { ms, percentiles, request, startNode, stopNode, watchProcess } from './lib/fleet.js';
import { panelLogin } from './lib/http.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const width = Number(process.env.BENCH_PHOTO_WIDTH ?? 1900);

/** A phone photo's size and entropy: 4:3, gaussian noise over a gradient, quality 80. */
async function photo(): Promise<Buffer> {
  const sharp = await loadSharp();
  const height = Math.round((width * 3) / 4);
  return sharp({
    create: { width, height, channels: 3, background: '#6b8e23', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** GET /version.json one after another until `stop` resolves; the latencies (ms). */
async function versionLoop(url: string, until: Promise<void>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let stopped = false;
  void until.then(() => (stopped = true));
  while (!stopped) {
    const t = performance.now();
    const res = await request(agent, `${url}/version.json`, { timeoutMs: 10_000 });
    if (res.status === 200) samples.push(performance.now() - t);
  }
  agent.destroy();
  return samples;
}

const after = (s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000));

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-bench-media-'));
  const server = await startNode({ dataDir, databaseUrl: '' });
  try {
    const url = server.url;
    const login = await panelLogin(url, 'dispecer');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const bundle = await request(agent, `${url}/v2/app`, {
      method: 'POST',
      headers: login.headers,
      body: JSON.stringify({ uid: null }),
    });
    const eventId = (JSON.parse(bundle.body.toString('utf8')) as { events: { id: number }[] }).events[0].id;
    const data = await photo();
    console.log(
      `media bench: one embedded node, a ${width} px photo of ${(data.length / 1024).toFixed(0)} kB, ${seconds} s a phase; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    const alone = await versionLoop(url, after(seconds));
    const uploads: number[] = [];
    const reads: number[] = [];
    const cpu = watchProcess(server.child.pid!);
    let stopped = false;
    const window = after(seconds).then(() => void (stopped = true));
    const during = versionLoop(url, window);
    const headers = { ...login.headers, 'content-type': 'image/jpeg' };
    const at = Date.now() - 3_600_000;
    for (let n = 0; !stopped; n++) {
      const name = mediaFileName(eventId, new Date(at + n * 1000), 'BENCH-01', 'jpg');
      const target = `${url}/v2/media/event/${eventId}/${encodeURIComponent(name)}`;
      let t = performance.now();
      const up = (await request(agent, target, { method: 'POST', headers, body: data, timeoutMs: 10_000 })).status;
      if (up !== 201) throw new Error(`upload ${name}: ${up}`);
      uploads.push(performance.now() - t);
      t = performance.now();
      const got = await request(agent, target, { headers: login.headers, timeoutMs: 10_000 });
      if (got.status !== 200 || got.body.length !== data.length) throw new Error(`read ${name}: ${got.status}`);
      reads.push(performance.now() - t);
    }
    const busy = await during;
    const load = cpu.stop();
    agent.destroy();
    const a = percentiles(alone);
    const b = percentiles(busy);
    const up = percentiles(uploads);
    const rd = percentiles(reads);
    console.log(
      JSON.stringify({
        photos: uploads.length,
        'upload p50/p99 ms': `${ms(up.p50)} / ${ms(up.p99)}`,
        'read p50/p99 ms': `${ms(rd.p50)} / ${ms(rd.p99)}`,
        'version.json alone p50/p99/max ms': `${ms(a.p50)} / ${ms(a.p99)} / ${ms(a.max)}`,
        'version.json while photos move p50/p99/max ms': `${ms(b.p50)} / ${ms(b.p99)} / ${ms(b.max)}`,
        'p99 while ÷ alone': (b.p99 / a.p99).toFixed(1),
        'server CPU %': load.cpuPercent.toFixed(0),
      }),
    );
  } finally {
    await stopNode(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
