/**
 * Start (issue 11): `npm start` builds the web panel only when the build is missing or its inputs changed
 * (scripts/webBuild.ts), and a real server process on an empty data directory answers /version.json — the time
 * it took is printed, not asserted (the machine is shared; speed is the benchmark's business).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decideWebBuild, hashInputs, recordWebBuild } from '../scripts/webBuild.js';
import { useTempDirs } from './test/tempDirs.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tempDir = useTempDirs();

describe('web build decision', () => {
  const inputs = ['apps/web/src', 'apps/web/index.html', 'package-lock.json'];

  function project() {
    const root = tempDir('panel-webbuild-');
    mkdirSync(path.join(root, 'apps/web/src/features'), { recursive: true });
    writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'apps/web/src/features/list.tsx'), 'export const b = 2;\n');
    writeFileSync(path.join(root, 'apps/web/index.html'), '<!doctype html>');
    writeFileSync(path.join(root, 'package-lock.json'), '{}');
    return { root, dist: path.join(root, 'apps/web/dist') };
  }

  function build(dist: string, hash: string) {
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    recordWebBuild(dist, hash);
  }

  it('builds when dist is missing, skips when nothing changed, builds when a source changed', () => {
    const { root, dist } = project();
    const first = decideWebBuild(root, dist, inputs);
    expect(first).toMatchObject({ build: true, reason: 'missing' });
    build(dist, first.hash);

    expect(decideWebBuild(root, dist, inputs)).toEqual({ build: false, reason: 'unchanged', hash: first.hash });

    writeFileSync(path.join(root, 'apps/web/src/features/list.tsx'), 'export const b = 3;\n');
    const changed = decideWebBuild(root, dist, inputs);
    expect(changed).toMatchObject({ build: true, reason: 'changed' });
    expect(changed.hash).not.toBe(first.hash);
  });

  it('a new file, a changed lock file or a build without a record all build; a touch alone does not', () => {
    const { root, dist } = project();
    const hash = decideWebBuild(root, dist, inputs).hash;
    build(dist, hash);

    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(decideWebBuild(root, dist, inputs).build).toBe(false);

    writeFileSync(path.join(root, 'apps/web/src/extra.ts'), '');
    expect(decideWebBuild(root, dist, inputs).reason).toBe('changed');
    rmSync(path.join(root, 'apps/web/src/extra.ts'));
    expect(decideWebBuild(root, dist, inputs).build).toBe(false);

    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(decideWebBuild(root, dist, inputs).reason).toBe('changed');
    build(dist, hashInputs(root, inputs));
    expect(decideWebBuild(root, dist, inputs).build).toBe(false);

    rmSync(path.join(dist, '.build-inputs'));
    expect(decideWebBuild(root, dist, inputs).reason).toBe('changed');
  });
});

describe('npm start (scripts/start.mjs)', () => {
  /** A builder that stands in for webBuild.ts / serverBuild.ts: writes the entry, records its inputs, logs itself. */
  const fakeBuilder = (name: string, dist: string, entry: string, inputs: string) => `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashInputs, recordBuild, ${inputs} } from './buildInputs.mjs';
const root = process.cwd();
appendFileSync(path.join(root, 'builds.log'), '${name}\\n');
if (process.env.FAIL_BUILD === '${name}') process.exit(3);
const dist = path.join(root, '${dist}');
mkdirSync(dist, { recursive: true });
writeFileSync(path.join(dist, '${entry}'), ${JSON.stringify(entry === 'server.js' ? "console.log('server ran');\n" : '<!doctype html>')});
recordBuild(dist, hashInputs(root, ${inputs}));
`;

  /** A project with the real start.mjs and buildInputs.mjs, stand-in builders and a one-line server. */
  function project() {
    const root = tempDir('panel-start-');
    const scripts = path.join(root, 'apps/server/scripts');
    mkdirSync(scripts, { recursive: true });
    for (const file of ['start.mjs', 'buildInputs.mjs']) {
      copyFileSync(path.join(serverRoot, 'scripts', file), path.join(scripts, file));
    }
    writeFileSync(
      path.join(scripts, 'webBuild.ts'),
      fakeBuilder('web', 'apps/web/dist', 'index.html', 'WEB_BUILD_INPUTS'),
    );
    writeFileSync(
      path.join(scripts, 'serverBuild.ts'),
      fakeBuilder('server', 'apps/server/dist', 'server.js', 'SERVER_BUILD_INPUTS'),
    );
    mkdirSync(path.join(root, 'apps/server/src'), { recursive: true });
    writeFileSync(path.join(root, 'apps/server/src/server.ts'), 'export {};\n');
    mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
    writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'export {};\n');
    writeFileSync(path.join(root, 'package-lock.json'), '{}');
    symlinkSync(path.resolve(serverRoot, '../../node_modules'), path.join(root, 'node_modules')); // tsx for the builders
    const start = (env: NodeJS.ProcessEnv = {}) => {
      rmSync(path.join(root, 'builds.log'), { force: true });
      const run = spawnSync(process.execPath, [path.join(scripts, 'start.mjs')], {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: '', ...env },
        encoding: 'utf8',
      });
      const log = path.join(root, 'builds.log');
      const builds = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
      return { status: run.status, output: run.stdout + run.stderr, builds };
    };
    return { root, start };
  }

  it('builds what is missing or changed, then runs the compiled server in its own process', () => {
    const { root, start } = project();
    const first = start();
    expect(first.builds).toEqual(['web', 'server']);
    expect(first.output).toContain('server ran');
    expect(first.status).toBe(0);

    const again = start(); // a restart on unchanged sources: no builder, no TypeScript loader
    expect(again.builds).toEqual([]);
    expect(again.output).toMatch(/webový panel je aktuální/);
    expect(again.output).toMatch(/přeložený server je aktuální/);
    expect(again.output).toContain('server ran');

    writeFileSync(path.join(root, 'apps/server/src/server.ts'), 'export const changed = 1;\n');
    expect(start().builds).toEqual(['server']);
    expect(start().builds).toEqual([]);

    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}'); // both depend on the lock
    const failed = start({ FAIL_BUILD: 'web' });
    expect(failed.builds).toEqual(['web']);
    expect(failed.status).toBe(3); // a failed build stops the start: no server on a stale panel
    expect(failed.output).not.toContain('server ran');
    expect(start().builds).toEqual(['web', 'server']);
  }, 60_000);
});

/** Starts `server.ts` in its own process; resolves with the port it printed. */
function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; port: Promise<number>; output: () => string } {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, path.join(serverRoot, 'src/server.ts')], {
    cwd: path.resolve(serverRoot, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Panel běží na http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, port, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

describe('server start on an empty data directory', () => {
  it('answers /version.json with an existing (tiny) web build, and serves a tone rendered after listen', async () => {
    const web = tempDir('panel-web-');
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Panel</title>');
    writeFileSync(path.join(web, 'version.json'), '{"hash":"tiny-test-build"}');
    const dataDir = tempDir('panel-data-');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SIMULATE: '0',
      DATA_DIR: dataDir,
      WEB_DIST: web,
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: 'off', // other servers on this machine may hold 9464
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.NODE_OPTIONS;

    const started = performance.now();
    const server = startServer(env);
    try {
      const port = await server.port;
      const res = await fetch(`http://127.0.0.1:${port}/version.json`);
      const ms = performance.now() - started;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ hash: 'tiny-test-build' });
      console.log(`start on an empty data directory: /version.json answered after ${ms.toFixed(0)} ms`);

      // the tones are not rendered before listen; asked for now, one comes (rendered now or in the background)
      const tone = await fetch(`http://127.0.0.1:${port}/v2/assets/sounds/files/1.mp3`);
      expect(tone.status).toBe(200);
      const data = Buffer.from(await tone.arrayBuffer());
      expect(data[0]).toBe(0xff);
      expect(data[1] & 0xe0).toBe(0xe0);
      expect(server.output()).not.toMatch(/FST_ERR|start failed/);
    } finally {
      await stop(server.child);
    }
  }, 180_000);
});
