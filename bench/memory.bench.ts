/**
 * Memory benchmark (issue 13 item 6): the idle server's resident memory against the goals — ≤ 300 MB with the
 * embedded database, ≤ 200 MB with PostgreSQL. The server runs as its own process, exactly as `npm start` runs
 * it (compiled by `apps/server/scripts/serverBuild.ts`, `node apps/server/dist/server.js`, demo seed), plus a
 * tiny preloaded probe (`lib/memoryProbe.ts`) that answers heap and WebAssembly figures over IPC. Prints
 * figures; not a test. Run: `npm run bench:memory -w bench`.
 *
 *   BENCH_IDLE_SECONDS=20     how long the server idles after the login and the full bundle
 *   BENCH_RUNTIME=tsx         run the TypeScript sources under `node --import tsx` instead (as tests and
 *                             `npm run dev` do; how `npm start` ran before issue 13)
 *   BENCH_DATABASE_URL=postgres://…/db   also measure over PostgreSQL: this database is WIPED (its public and
 *                                        drizzle schemas are dropped): use a throwaway one
 *   BENCH_REDIS_URL=redis://…            the PostgreSQL runs use Redis fan-out, as a PostgreSQL cluster does
 *
 * Runs: (a) embedded, first start on an empty data directory (initdb, migrations, demo seed in a child process,
 * startup/firstStart.ts), (b) embedded, restarted over that directory, (c) PostgreSQL, first start on an empty
 * database (migrations and seed in the child process too), (d) PostgreSQL, restarted. Each: figures right after ready, then a login (dispecer) and one full bundle (POST /v2/app
 * {uid: null}) as a panel does, then idle, figures again. RSS and its peak (VmHWM) are the kernel's
 * (/proc/<pid>/status) — what a container limit counts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import pg from 'pg';
import { buildServer } from '../apps/server/scripts/serverBuild.js';
import { freePort, repoRoot } from './lib/chaosCluster.js';
import type { MemoryProbeAnswer } from './lib/memoryProbe.js';
import { panelLogin } from './lib/http.js';

const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const redisUrl = process.env.BENCH_REDIS_URL ?? '';
const underTsx = process.env.BENCH_RUNTIME === 'tsx';
const MB = 1024 * 1024;
const GOAL_EMBEDDED_MB = 300;
const GOAL_POSTGRES_MB = 200;

interface Sample {
  rss: number;
  hwm: number;
  probe: MemoryProbeAnswer;
}

interface Run {
  name: string;
  goalMb: number;
  startSeconds: number;
  ready: Sample;
  idle: Sample;
}

interface Server {
  child: ChildProcess;
  url: string;
  output(): string;
}

/** The probe as plain JavaScript: the compiled server runs without a TypeScript loader. */
function compileProbe(dir: string): string {
  const out = path.join(dir, 'memoryProbe.mjs');
  buildSync({
    entryPoints: [path.join(repoRoot, 'bench/lib/memoryProbe.ts')],
    outfile: out,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  return out;
}

function spawnServer(probeFile: string, env: Record<string, string>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const args = underTsx
      ? ['--import', 'tsx', '--import', pathToFileURL(probeFile).href, 'apps/server/src/server.ts']
      : ['--import', pathToFileURL(probeFile).href, 'apps/server/dist/server.js'];
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      // no metrics listener (its port 9464 may be another server's); env can ask for one
      env: { ...process.env, METRICS_PORT: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const chunks: string[] = [];
    const output = () => chunks.join('');
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 180 s:\n${output()}`));
    }, 180_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString());
      const match = /Panel běží na (http:\/\/\S+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}:\n${output()}`));
    });
  });
}

/** VmRSS and VmHWM of /proc/<pid>/status, in bytes */
function procStatus(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function probe(child: ChildProcess): Promise<MemoryProbeAnswer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the memory probe did not answer')), 10_000);
    const onMessage = (message: unknown) => {
      if ((message as { type?: string }).type !== 'memory') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as MemoryProbeAnswer);
    };
    child.on('message', onMessage);
    child.send('memory');
  });
}

async function sample(child: ChildProcess): Promise<Sample> {
  const answer = await probe(child);
  return { ...procStatus(child.pid!), probe: answer };
}

/** What a panel does first: log in as the dispatcher, take its device, load the full bundle. */
async function useLikeAPanel(url: string): Promise<number> {
  const { headers } = await panelLogin(url, 'dispecer');
  const bundle = await fetch(`${url}/v2/app`, {
    method: 'POST',
    headers: { ...headers, 'accept-encoding': 'gzip, br' },
    body: JSON.stringify({ uid: null }),
  });
  if (!bundle.ok) throw new Error(`POST /v2/app: ${bundle.status}`);
  const bytes = (await bundle.arrayBuffer()).byteLength;
  const index = await fetch(`${url}/`, { headers: { accept: 'text/html' } }); // a navigation, as a browser asks
  if (!index.ok) throw new Error(`GET /: ${index.status}`);
  await index.arrayBuffer();
  return bytes;
}

async function stop(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM'); // the drain path: the embedded database closes cleanly for the restart run
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function measure(probeFile: string, name: string, goalMb: number, env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  const server = await spawnServer(probeFile, {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    const startSeconds = (performance.now() - started) / 1000;
    const ready = await sample(server.child);
    const bundleBytes = await useLikeAPanel(server.url);
    await new Promise((done) => setTimeout(done, idleSeconds * 1000));
    const idle = await sample(server.child);
    // a new database (embedded, or an empty PostgreSQL) is prepared by a child process (startup/firstStart.ts): its
    // peak is not the server's
    const child = /prepared by a child process \(peak (\d+) MB\)/.exec(server.output());
    console.log(
      `  ${name}: ready in ${startSeconds.toFixed(1)} s, bundle ${(bundleBytes / 1024).toFixed(0)} kB` +
        (child ? `; first-start child process peak RSS ${child[1]} MB` : ''),
    );
    return { name, goalMb, startSeconds, ready, idle };
  } finally {
    await stop(server);
  }
}

async function wipe(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
    );
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(0).padStart(5);

function print(runs: Run[]): void {
  console.log(
    `\nidle = ${idleSeconds} s after a login and a full bundle. MB. RSS/peak: /proc VmRSS/VmHWM; heap: V8 used/total;` +
      `\next: external (incl. array buffers); wasm: WebAssembly memories alive (PGlite's heap)\n`,
  );
  console.log(
    'run                                  |  ready: RSS  heap  wasm |  idle: RSS  peak  heap total   ext  wasm | goal',
  );
  for (const r of runs) {
    const ok = r.idle.rss <= r.goalMb * MB ? 'ok' : 'OVER';
    console.log(
      `${r.name.padEnd(37)}|       ${mb(r.ready.rss)} ${mb(r.ready.probe.heapUsed)} ${mb(r.ready.probe.wasm)} |` +
        `       ${mb(r.idle.rss)} ${mb(r.idle.hwm)} ${mb(r.idle.probe.heapUsed)} ${mb(r.idle.probe.heapTotal)}` +
        ` ${mb(r.idle.probe.external)} ${mb(r.idle.probe.wasm)} | ≤ ${r.goalMb} ${ok}`,
    );
  }
}

async function main() {
  const runs: Run[] = [];
  console.log(
    `memory bench: ${underTsx ? 'node --import tsx apps/server/src/server.ts' : 'node apps/server/dist/server.js'}, ` +
      `idle ${idleSeconds} s; node ${process.version}; ${os.cpus().length} cores`,
  );
  if (!underTsx) await buildServer({ root: repoRoot }); // what `npm start` runs, from the current sources
  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'panel-memory-probe-'));
  const probeFile = compileProbe(probeDir);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-memory-bench-'));
  try {
    const embedded = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    runs.push(await measure(probeFile, '(a) embedded, first start', GOAL_EMBEDDED_MB, embedded));
    runs.push(await measure(probeFile, '(b) embedded, restart', GOAL_EMBEDDED_MB, embedded));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (databaseUrl) {
    await wipe(databaseUrl);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'panel-memory-bench-'));
    try {
      const postgres = { DATA_DIR: scratch, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
      const redis = redisUrl ? ', Redis' : '';
      runs.push(await measure(probeFile, `(c) PostgreSQL, first start${redis}`, GOAL_POSTGRES_MB, postgres));
      runs.push(await measure(probeFile, `(d) PostgreSQL, restart${redis}`, GOAL_POSTGRES_MB, postgres));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  } else {
    console.log('  (c, d) PostgreSQL: skipped, BENCH_DATABASE_URL not set');
  }
  rmSync(probeDir, { recursive: true, force: true });
  print(runs);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
