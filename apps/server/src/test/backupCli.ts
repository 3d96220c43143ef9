/**
 * Runs the backup and restore commands as an operator does, with the server's environment: compiled, as a
 * release has them (`node apps/server/dist/cli/<script>.js`, built by test/compiledServer.ts), or from the sources
 * as `npm run backup` in a clone (`node --import tsx apps/server/src/cli/<script>.ts`). For the backup drill
 * (backup/drill.test.ts) and its benchmark (bench/backup.bench.ts): exit code, everything printed, how long it took.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from './deployKit.js';
import type { ServerRuntime } from './serverProcess.js';

export interface BackupCliRun {
  code: number | null;
  /** stdout and stderr as printed, interleaved */
  out: string;
  ms: number;
}

export function runBackupCli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  runtime: ServerRuntime = 'compiled',
): Promise<BackupCliRun> {
  const started = performance.now();
  const command =
    runtime === 'compiled'
      ? [`apps/server/dist/cli/${script}.js`]
      : ['--import', 'tsx', `apps/server/src/cli/${script}.ts`];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...command, ...args], {
      cwd: repoRoot,
      // a database or Redis of the caller's own environment must not leak into the command's
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out, ms: performance.now() - started }));
  });
}
