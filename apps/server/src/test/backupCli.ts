/**
 * Runs `npm run backup` / `npm run restore` as an operator does (`node --import tsx apps/server/src/cli/<script>.ts`)
 * with the server's environment, for the backup drill (backup/drill.test.ts) and its benchmark
 * (bench/backup.bench.ts): exit code, everything printed, and how long it took.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from './deployKit.js';

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
): Promise<BackupCliRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}.ts`, ...args], {
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
