/**
 * The release (issue 23 item 1), as an operator installs it: `buildRelease` makes the tarball (the web build
 * reused when its inputs are unchanged, scripts/webBuild.ts), `installRelease` unpacks it into a clean folder
 * outside the repository and runs `npm ci --omit=dev`; no build-only package is installed, and plain node runs
 * the server from it, which names its release in the first log line, /version.json and /readyz. The tarball's
 * size and the install time are printed (not asserted: the machine is shared). Then the systemd unit's
 * ExecStart (deploy/systemd/panel@.service) runs in that folder with deploy/panel.env.example's values — only
 * PORT and DATA_DIR are the test's — and stops on the unit's KillSignal with exit 0.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BUILD_ONLY_PACKAGES,
  RELEASE_SCRIPTS,
  buildRelease,
  installRelease,
  productionDependencies,
  unresolvedImports,
} from '../scripts/release.js';
import { gitCommit, packageVersion } from './buildInfo.js';
import { envFileValues, serviceSettings, unitEnvironment } from './test/deployKit.js';
import { freePort } from './test/localServices.js';
import { useTempDirs } from './test/tempDirs.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tempDir = useTempDirs();

/** the environment of an operator's shell: none of the test runner's or npm's variables */
function operatorEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(npm_|NODE_OPTIONS|VITEST|DATABASE_URL|REDIS_URL|HOST|SEED|ENVIRONMENT|WEB_DIST)/i.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}

/** the release installed by the second test, started through the systemd unit by the third */
let installedRoot: string | null = null;

/** Waits for the banner's URL; rejects with the output when the process exits first. */
function bannerUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Panel běží na (http:\/\/\S+)/.exec(output());
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the released server exited (${String(code)}):\n${output()}`));
    });
  });
}

describe('release', () => {
  it('checks the compiled imports against the production dependencies', () => {
    const deps = productionDependencies(repoRoot);
    for (const name of BUILD_ONLY_PACKAGES) expect(deps).not.toHaveProperty(name);
    expect(deps).not.toHaveProperty('@panel/domain'); // bundled into the compiled server
    expect(deps).toHaveProperty('zod'); // @panel/domain's run-time packages come along
    expect(deps.fastify).toMatch(/^\d+\.\d+\.\d+$/); // pinned to what the repository installed
    // a package the server needs in another major than the root's hoisted copy: the server's own version
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const serverOwn = lock.packages['apps/server/node_modules/lru-cache']?.version;
    if (serverOwn) expect(deps['lru-cache']).toBe(serverOwn);

    const dist = tempDir('panel-dist-');
    mkdirSync(path.join(dist, 'db'));
    writeFileSync(
      path.join(dist, 'a.js'),
      'import x from "fastify";\nimport { y } from "node:fs";\nimport "./b.js";\n',
    );
    writeFileSync(
      path.join(dist, 'db/b.js'),
      'const t = await import("tsx/esm/api");\nexport * from "@fastify/static";',
    );
    writeFileSync(path.join(dist, 'c.js'), 'const a = ["--import", require.resolve("tsx")];'); // a string, not an import
    expect(unresolvedImports(dist, { fastify: '1.0.0', '@fastify/static': '1.0.0' })).toEqual(['db/b.js: tsx']);
  });

  it('builds a tarball that installs with npm ci --omit=dev and runs on plain node', async () => {
    const out = tempDir('panel-release-out-');
    const release = await buildRelease({ root: repoRoot, outDir: out, log: () => undefined });
    const version = packageVersion(repoRoot);
    const commit = gitCommit(repoRoot);
    expect(release).toMatchObject({ name: `panel-${version}`, version, commit });
    expect(path.basename(release.tarball)).toBe(`panel-${version}.tgz`);

    const installed = installRelease(release.tarball, tempDir('panel-install-'));
    console.log(
      `release ${path.basename(release.tarball)}: ${(release.bytes / 1024 / 1024).toFixed(1)} MB, built in ` +
        `${(release.ms / 1000).toFixed(1)} s; unpacked and installed (npm ci --omit=dev) in ` +
        `${(installed.ms / 1000).toFixed(1)} s`,
    );
    const root = installed.root;
    installedRoot = root;
    expect(path.basename(root)).toBe(`panel-${version}`);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
      scripts: Record<string, string>;
      devDependencies?: unknown;
    };
    expect(pkg.version).toBe(version);
    expect(pkg.scripts).toEqual(RELEASE_SCRIPTS);
    expect(pkg.devDependencies).toBeUndefined();
    for (const name of [...BUILD_ONLY_PACKAGES, '@esbuild', 'vitest', '@panel/domain']) {
      expect(existsSync(path.join(root, 'node_modules', name)), name).toBe(false);
    }
    for (const file of [
      'apps/server/dist/server.js',
      'apps/server/dist/build-info.json',
      'apps/server/dist/db/migrations/meta/_journal.json',
      'apps/server/dist/node_modules/@panel/domain/package.json',
      'apps/web/dist/index.html',
    ]) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
    }
    expect(existsSync(path.join(root, 'apps/server/dist/test'))).toBe(false); // test helpers stay home
    expect(existsSync(path.join(root, 'apps/server/src'))).toBe(false);
    if (existsSync(path.join(repoRoot, 'deploy'))) expect(existsSync(path.join(root, 'deploy'))).toBe(true);

    const dataDir = tempDir('panel-release-data-');
    const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: root,
      env: operatorEnv({ DATA_DIR: dataDir, PORT: '0', SIMULATE: '0', LOG_LEVEL: 'info' }),
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const url = await bannerUrl(child, () => output);
      expect(output.split('\n')[0]).toContain(`[panel] Panel ${version} (${commit})`);
      const info = (await (await fetch(`${url}/version.json`)).json()) as Record<string, unknown>;
      expect(info).toMatchObject({ version, commit });
      expect(info.hash).toBe(JSON.parse(readFileSync(path.join(root, 'apps/web/dist/version.json'), 'utf8')).hash);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ version, commit, ready: true });
      const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain('<div id="root">');
      expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|start failed|FST_ERR/);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }

    // a command of the release on the same data, the server stopped: the compiled CLI runs too
    const trackers = spawnSync('npm', ['run', '--silent', 'trackers', '--', 'list'], {
      cwd: root,
      env: operatorEnv({ DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(trackers.status, trackers.stderr).toBe(0);
  }, 600_000);

  it("the systemd unit's command, with panel.env.example's values, starts it and SIGTERM stops it", async () => {
    expect(installedRoot, 'the release of the test before').not.toBeNull();
    const settings = serviceSettings();
    const port = String(await freePort());
    const dataDir = tempDir('panel-unit-data-');
    // the example's values and the unit's Environment= lines; only PORT (the instance) and DATA_DIR are ours
    const env = operatorEnv({ ...envFileValues(), ...unitEnvironment(port, settings), DATA_DIR: dataDir });
    expect(env.PORT).toBe(port);
    const [command, ...args] = settings.get('ExecStart')![0].split(' ');
    expect(settings.get('WorkingDirectory')![0]).toBe('/opt/panel/current'); // here: the installed release
    const child = spawn(existsSync(command) ? command : process.execPath, args, { cwd: installedRoot!, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const url = await bannerUrl(child, () => output);
      expect(url).toBe(`http://127.0.0.1:${port}`); // HOST from the example, PORT from the instance
      expect(output).toContain('Vestavěná databáze: jednouzlová instalace'); // production, no DATABASE_URL
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ version: packageVersion(repoRoot) });
      expect(existsSync(path.join(dataDir, 'panel.lock'))).toBe(true);
    } finally {
      child.kill(settings.get('KillSignal')![0] as NodeJS.Signals);
    }
    expect(await exited).toBe(0); // drained and exited by itself, within TimeoutStopSec
  }, 180_000);
});
