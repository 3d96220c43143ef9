/**
 * What every test, benchmark and the cluster run that starts processes of its own needs: a free loopback port
 * (other tests run at the same time: never a fixed one), waiting for a condition, and a redis-server of its own
 * on a free port without persistence, stopped by its PID (the machine's shared Redis is never touched).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `check` answers true. An error counts as false — unless its message says a process `exited`,
 * which no waiting mends (a server that died before it was ready): that one is thrown at once.
 */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
      if (error instanceof Error && /exited/.test(error.message)) throw error;
    }
    await sleep(150);
  }
  throw new Error(`timeout: ${what}${last instanceof Error ? ` (${last.message})` : ''}`);
}

/** true once something accepts TCP connections on 127.0.0.1:`port` */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export interface RedisServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM and wait for the exit (SIGKILL: `child.kill('SIGKILL')`) */
  stop(): Promise<void>;
}

/** A redis-server of its own on a free port (no RDB, no AOF), ready when this resolves. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(() => accepts(port), 10_000, 'redis-server');
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
