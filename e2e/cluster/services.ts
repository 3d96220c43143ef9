/**
 * The cluster's dependencies: a PostgreSQL database of its own (unique name on the machine's server, dropped
 * after) and a redis-server of its own on a free port (no persistence), stopped by its PID. The machine's
 * shared PostgreSQL and Redis are never stopped or restarted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/src/test/scratchDatabase.js';
import { freePort, waitFor } from './util.js';

export const POSTGRES_SERVER =
  process.env.CLUSTER_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function createClusterDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(POSTGRES_SERVER, 'panel_cluster');
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(
    () =>
      new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    10_000,
    'redis-server',
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
