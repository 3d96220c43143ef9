/**
 * Safe defaults (issue 23 item 9) on real server processes: the first log line names the release; with demo
 * data and no HOST the server listens on 127.0.0.1 and says how to open it; a second process (a server, the
 * trackers command) on the same DATA_DIR is refused with a Czech message and exit code 3; after a kill -9 the
 * stale lock is taken over; in production the embedded database is announced as a single-node set-up and the
 * server listens on every address.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInfo } from './buildInfo.js';
import { LOCK_FILE } from './db/dataDirLock.js';
import { serverArgs, startServer, type ServerProcess } from './test/serverProcess.js';
import { useTempDirs } from './test/tempDirs.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tempDir = useTempDirs();
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
});

/** a non-loopback IPv4 address of this machine, if it has one */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Runs node with `args` (the compiled server or one of its commands, as serverProcess.ts starts the server). */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('safe defaults of a server process', () => {
  it('loopback by default, one process per DATA_DIR, a dead one’s lock taken over, production single-node', async () => {
    const web = tempDir('panel-web-');
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Panel</title>');
    writeFileSync(path.join(web, 'version.json'), '{"hash":"tiny"}');
    const dataDir = tempDir('panel-data-');
    const env = {
      DATA_DIR: dataDir,
      WEB_DIST: web,
      PORT: '0',
      HOST: '', // unset: the default is what is tested
      DATABASE_URL: '',
      REDIS_URL: '',
      ENVIRONMENT: 'demo',
      SEED: 'demo',
      LOG_LEVEL: 'info',
    };
    const { version, commit } = buildInfo();

    const first = await startServer(env);
    running.push(first);
    expect(first.output().split('\n')[0]).toMatch(new RegExp(`^\\[panel\\] Panel ${version} \\(${commit}\\)`));
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.output()).toContain('pro přístup ze sítě nastavte HOST=0.0.0.0');
    expect(first.output()).toContain(`verze ${version}, ${commit}`);
    const port = Number(new URL(first.url).port);
    if (outsideAddress) expect(await connects(outsideAddress, port)).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    // a second server on the same DATA_DIR: refused before it opens the database
    const second = await run(serverArgs(), { ...process.env, ...env, SIMULATE: '0' });
    expect(second.code).toBe(3);
    expect(second.output).toContain('je už otevřená jiným procesem (server, PID');
    expect(second.output).not.toContain('Panel běží na');
    // a command that opens PGlite itself, likewise
    const trackers = await run(['apps/server/dist/modules/positions/cli.js', 'list'], { ...process.env, ...env });
    expect(trackers.code).toBe(3);
    expect(trackers.output).toContain('je už otevřená jiným procesem');
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200); // the first one still serves

    // kill -9 leaves the lock behind; the next start takes it over; production: single node, every address
    await first.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const production = await startServer({ ...env, ENVIRONMENT: 'production' });
    running.push(production);
    expect(production.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/); // 0.0.0.0 is reached through loopback here
    expect(production.output()).toContain('Vestavěná databáze: jednouzlová instalace');
    expect(production.output()).toContain('embedded database: a single-node set-up');
    expect(production.output()).not.toContain('HOST=0.0.0.0');
    if (outsideAddress) expect(await connects(outsideAddress, Number(new URL(production.url).port))).toBe(true);

    // a clean stop releases the lock
    production.child.kill('SIGTERM');
    expect(await production.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 240_000);
});
