/**
 * The systemd part of the deployment kit (issue 23 item 2): deploy/panel.env.example names every variable of
 * README.md's configuration table and no other; systemd itself accepts deploy/systemd/panel@.service (when
 * systemd-analyze is installed; else the parsed settings are all that is checked); the unit keeps the
 * hardening and stop behaviour the operator's guide promises. That the unit's command starts the server from
 * an installed release with the example's values is shown by release.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR_LOCKED_EXIT } from './db/dataDirLock.js';
import { RELEASE_SCRIPTS } from '../scripts/release.js';
import { MALLOC_ENV, mallocEnvPrefix } from './startup/mallocEnv.js';
import {
  UNIT_FILE,
  envFileNames,
  envFileValues,
  readmeVariables,
  repoRoot,
  serviceSettings,
} from './test/deployKit.js';
import { useTempDirs } from './test/tempDirs.js';

const tempDir = useTempDirs();
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((f) => existsSync(f));

describe('deploy kit: systemd', () => {
  it('panel.env.example names every variable of the README table, and only those', () => {
    const readme = readmeVariables();
    const example = envFileNames();
    expect(readme.size).toBeGreaterThan(25);
    expect([...readme].filter((v) => !example.has(v))).toEqual([]);
    expect([...example].filter((v) => !readme.has(v))).toEqual([]);
  });

  it('the env example does not set what the unit sets (EnvironmentFile= would override Environment=)', () => {
    const unitSets = (serviceSettings().get('Environment') ?? []).map((l) => l.split('=')[0]);
    expect(unitSets.sort()).toEqual(['DATA_DIR', 'PORT', ...Object.keys(MALLOC_ENV)].sort());
    const values = envFileValues();
    for (const key of unitSets) expect(values, key).not.toHaveProperty(key);
    expect(values.ENVIRONMENT).toBe('production');
  });

  it('runs the release as its own user, hardened, drained on SIGTERM, not restarted on a held DATA_DIR', () => {
    const s = serviceSettings();
    const one = (key: string) => s.get(key)?.at(-1);
    expect(one('User')).toBe('panel');
    expect(one('WorkingDirectory')).toBe('/opt/panel/current');
    // the shared file, then an optional one per node (`-`: may be missing) for what differs, e.g. METRICS_PORT
    expect(s.get('EnvironmentFile')).toEqual(['/etc/panel/panel.env', '-/etc/panel/panel-%i.env']);
    expect(one('ExecStart')).toBe('/usr/bin/node apps/server/dist/server.js');
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(Number(one('TimeoutStopSec'))).toBeGreaterThan(10); // the server's own drain deadline is 10 s
    expect(one('Restart')).toBe('on-failure');
    expect(one('RestartPreventExitStatus')).toBe(String(DATA_DIR_LOCKED_EXIT));
    expect(one('ReadWritePaths')).toBe('/var/lib/panel/%i'); // = DATA_DIR, the only writable path
    expect(s.get('Environment')).toContain('DATA_DIR=/var/lib/panel/%i');
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['CapabilityBoundingSet', ''],
    ]) {
      expect(one(key), key).toBe(value);
    }
    expect(s.has('MemoryDenyWriteExecute')).toBe(false); // V8's JIT needs writable executable memory
  });

  it("starts the server with the allocator settings everywhere: unit, npm start, the release's start", () => {
    // glibc reads them at process start (startup/mallocEnv.ts): set by whatever starts the server, or not at all
    const unit = serviceSettings().get('Environment') ?? [];
    for (const [key, value] of Object.entries(MALLOC_ENV)) expect(unit).toContain(`${key}=${value}`);
    const rootScripts = (
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(rootScripts.start).toBe(`${mallocEnvPrefix()}node apps/server/scripts/start.mjs`);
    expect(RELEASE_SCRIPTS.start).toBe(`${mallocEnvPrefix()}node apps/server/dist/server.js`);
  });

  it.runIf(analyze)('systemd-analyze verify accepts the unit for an instance', () => {
    const dir = tempDir('panel-unit-');
    copyFileSync(UNIT_FILE, path.join(dir, 'panel@.service'));
    const result = spawnSync(analyze!, ['verify', path.join(dir, 'panel@8081.service')], { encoding: 'utf8' });
    // verify exits 0 even for unknown keys; what it says about our file is the verdict
    const ours = `${result.stdout}\n${result.stderr}`.split('\n').filter((l) => l.includes('panel@'));
    expect(ours).toEqual([]);
    expect(result.status).toBe(0);
  });
});
