/**
 * The app nodes of the cluster: how a release is installed (one function: `installRelease`) and how a node is
 * started (one function: `startClusterNode`).
 *
 * A release is what an operator gets: `npm run release`'s tarball (apps/server/scripts/release.ts), built once
 * per run into `.cluster/` (git-ignored), unpacked and installed with `npm ci --omit=dev` by the release's own
 * `installRelease` — the server runs from the unpacked folder with Node alone, as under systemd. A second
 * release (phase c) is a copy of the installed first one with one more migration: what `npm run release` of a
 * commit that adds a migration would ship, without a second `npm ci`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildRelease, installRelease as installTarball } from '../../apps/server/scripts/release.js';
import { MALLOC_ENV } from '../../apps/server/src/startup/mallocEnv.js';
import { repoRoot, waitFor } from './util.js';

export const RELEASES_DIR = path.join(repoRoot, '.cluster');

export interface ExtraMigration {
  tag: string;
  sql: string;
}

export interface Release {
  name: string;
  /** the unpacked, installed release folder (its package.json, apps/server/dist, apps/web/dist) */
  root: string;
}

let first: Release | null = null;

/**
 * Installs release `name`: the first call builds the tarball and installs it; a later one copies the installed
 * release. `extraMigration` is added to that copy only (never to the repository): a new SQL file in
 * db/migrations and its entry at the end of meta/_journal.json, as drizzle-kit would write them.
 */
export async function installRelease(name: string, extraMigration?: ExtraMigration): Promise<Release> {
  const dir = path.join(RELEASES_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  let root: string;
  if (!first) {
    const built = await buildRelease({ root: repoRoot, outDir: path.join(RELEASES_DIR, 'tarball') });
    const installed = installTarball(built.tarball, dir);
    console.log(
      `[cluster] ${path.basename(built.tarball)}: ${(built.bytes / 1024 / 1024).toFixed(1)} MB, ` +
        `installed in ${(installed.ms / 1000).toFixed(1)} s`,
    );
    root = installed.root;
  } else {
    root = path.join(dir, path.basename(first.root));
    cpSync(first.root, root, { recursive: true, verbatimSymlinks: true });
  }
  if (extraMigration) {
    const migrations = path.join(root, 'apps/server/dist/db/migrations');
    const journalFile = path.join(migrations, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: extraMigration.tag });
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    writeFileSync(path.join(migrations, `${extraMigration.tag}.sql`), extraMigration.sql);
  }
  const release = { name, root };
  first ??= release;
  return release;
}

export function removeReleases(): void {
  first = null;
  rmSync(RELEASES_DIR, { recursive: true, force: true });
}

export interface ClusterNode {
  name: string;
  port: number;
  release: Release;
  child: ChildProcess;
  startedAt: number;
  /** when /readyz first answered 200 */
  readyAt: number;
  output(): string;
  exited: Promise<number | string>;
  /** SIGTERM: the server drains and exits (resolves with its exit code) */
  drain(): Promise<number | string>;
  kill9(): Promise<void>;
}

/** Starts a node of `release` on `port` with `env` and resolves once its /readyz answers 200. */
export async function startClusterNode(
  name: string,
  release: Release,
  port: number,
  env: Record<string, string>,
): Promise<ClusterNode> {
  const startedAt = Date.now();
  // as the systemd unit runs it: `node apps/server/dist/server.js` in the release folder
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: release.root,
    env: {
      ...process.env,
      ...MALLOC_ENV, // the unit's Environment= lines
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      ENVIRONMENT: 'demo',
      SIMULATE: '0', // no living demo writes among the measured ones
      TRUST_PROXY: '127.0.0.1', // nginx on this host (README)
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  const keep = (d: Buffer) => {
    chunks.push(d.toString());
    if (chunks.length > 400) chunks.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const output = () => chunks.join('');
  await waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`node ${name} exited before it was ready:\n${output().slice(-3000)}`);
      }
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
    },
    120_000,
    `node ${name} ready`,
  );
  return {
    name,
    port,
    release,
    child,
    startedAt,
    readyAt: Date.now(),
    output,
    exited,
    drain() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
