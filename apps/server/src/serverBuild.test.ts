/**
 * `npm start` runs the server compiled by scripts/serverBuild.ts (issue 13, memory: no TypeScript loader in the
 * process). The compiled tree must work without tsx: module routes found by reading their folder, migrations
 * beside `db/migrate.js`, `@panel/domain` resolved to its compiled copy, the first start's child process and the
 * render worker started from `.js` files.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashInputs, INPUTS_FILE, SERVER_BUILD_INPUTS } from '../scripts/buildInputs.mjs';
import { buildServer } from '../scripts/serverBuild.js';
import { useTempDirs } from './test/tempDirs.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');
// inside the repository, so the compiled files find the packages of the root node_modules
const outDir = path.join(serverRoot, `dist-test-${process.pid}`);
const tempDir = useTempDirs(outDir);

describe('compiled server (npm start)', () => {
  it('builds a tree without tests that starts on plain node and serves login, data and a rendered tone', async () => {
    const result = await buildServer({ root: repoRoot, outDir });
    expect(result.files).toBeGreaterThan(100);
    expect(existsSync(path.join(outDir, 'server.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'db/migrations/meta/_journal.json'))).toBe(true);
    expect(existsSync(path.join(outDir, 'modules/alerts/assets/renderWorker.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'startup/firstStart.test.js'))).toBe(false);
    // what `npm start` compares to skip the next build (scripts/start.mjs)
    expect(readFileSync(path.join(outDir, INPUTS_FILE), 'utf8').trim()).toBe(hashInputs(repoRoot, SERVER_BUILD_INPUTS));
    const domain = JSON.parse(readFileSync(path.join(outDir, 'node_modules/@panel/domain/package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    expect(domain.exports['./*']).toBe('./src/*/index.js');
    expect(existsSync(path.join(outDir, 'node_modules/@panel/domain/src/auth/index.js'))).toBe(true);

    const web = tempDir('panel-web-');
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Panel</title>');
    writeFileSync(path.join(web, 'version.json'), '{"hash":"tiny-test-build"}');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: tempDir('panel-data-'),
      WEB_DIST: web,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: 'off', // other servers on this machine may hold 9464
    };
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS', 'ENVIRONMENT', 'SEED']) delete env[key];
    // plain node: no --import tsx, so nothing can fall back to the TypeScript sources
    const child = spawn(process.execPath, [path.join(outDir, 'server.js')], { cwd: repoRoot, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /Panel běží na http:\/\/[^:]+:(\d+)/.exec(output);
          if (m) {
            clearInterval(timer);
            resolve(Number(m[1]));
          }
        }, 100);
        void exited.then((code) => {
          clearInterval(timer);
          reject(new Error(`server exited (${String(code)}):\n${output}`));
        });
      });
      expect(output).toContain('new embedded database prepared by a child process');
      expect(output).toContain('Do prázdné databáze byla nahrána demo data.');
      const url = `http://127.0.0.1:${port}`;

      const version = await fetch(`${url}/version.json`);
      expect(await version.json()).toMatchObject({ hash: 'tiny-test-build' });

      const login = await fetch(`${url}/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-code': 'panel' },
        body: JSON.stringify({ username: 'dispecer', password: 'panel-demo' }),
      });
      expect(login.status).toBe(200);
      const wrong = await fetch(`${url}/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-code': 'panel' },
        body: JSON.stringify({ username: '', password: '' }),
      });
      expect(wrong.status).toBe(422); // the domain's zod schemas and Czech texts, from the compiled copy

      const tone = await fetch(`${url}/v2/assets/sounds/files/1.mp3`);
      expect(tone.status).toBe(200);
      const data = Buffer.from(await tone.arrayBuffer());
      expect(data[0]).toBe(0xff);
      expect(output).not.toMatch(/FST_ERR|start failed|ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION/);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }
  }, 240_000);
});
