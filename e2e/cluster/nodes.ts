/**
 * The app nodes of the cluster: how a release is installed (one function: `installRelease`) and how a node is
 * started (one function: `startClusterNode`).
 *
 * Today a "release" is the compiled server (apps/server/scripts/serverBuild.ts, as `npm start` runs it) in a
 * git-ignored folder inside the repository (`.cluster/<name>`, so its packages resolve from the root
 * node_modules) serving the built web (apps/web/dist). When `npm run release` exists, installRelease unpacks
 * its tarball instead; nothing else here changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../apps/server/scripts/serverBuild.js';
import { repoRoot, waitFor } from './util.js';

export const RELEASES_DIR = path.join(repoRoot, '.cluster');
export const WEB_DIST = path.join(repoRoot, 'apps/web/dist');

export interface ExtraMigration {
  tag: string;
  sql: string;
}

export interface Release {
  name: string;
  /** the folder holding server.js */
  serverDir: string;
}

/**
 * Installs release `name`; `extraMigration` is added to this copy only (never to the repository): a new SQL file
 * in db/migrations and its entry at the end of meta/_journal.json, as drizzle-kit would write them.
 */
export async function installRelease(name: string, extraMigration?: ExtraMigration): Promise<Release> {
  const outDir = path.join(RELEASES_DIR, name);
  await buildServer({ root: repoRoot, outDir });
  if (extraMigration) {
    const migrations = path.join(outDir, 'db/migrations');
    const journalFile = path.join(migrations, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: extraMigration.tag });
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    writeFileSync(path.join(migrations, `${extraMigration.tag}.sql`), extraMigration.sql);
  }
  return { name, serverDir: outDir };
}

export function removeReleases(): void {
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
  const child = spawn(process.execPath, [path.join(release.serverDir, 'server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST,
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
