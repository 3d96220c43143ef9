/**
 * The cluster the chaos benchmark breaks: a fresh PostgreSQL database, a redis-server of its own on a free
 * port, fault proxies between the server processes and both of them, and two real server processes
 * (`node --import tsx apps/server/src/server.ts`, or the compiled build) that a supervisor restarts only when the benchmark kills one.
 * Nothing here stops or restarts the machine's shared PostgreSQL or Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFaultProxy, type FaultProxy } from '../../apps/server/src/test/faultProxy.js';
import { freePort, sleep, startRedisServer, waitFor } from '../../apps/server/src/test/localServices.js';
import { createNamedDatabase, createScratchDatabase } from '../../apps/server/src/test/scratchDatabase.js';
import { serverArgs, type ServerRuntime } from '../../apps/server/src/test/serverProcess.js';
import { MALLOC_ENV } from '../../apps/server/src/startup/mallocEnv.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerNode {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  /** exits the benchmark did not cause (a dependency fault ended the process) */
  unexpectedExits: number;
  /** set while the benchmark kills the node on purpose */
  killing: boolean;
  output: string[];
}

export interface Cluster {
  nodes: ServerNode[];
  pgProxy: FaultProxy;
  redisProxy: FaultProxy;
  /** a direct connection to the benchmark's database (not through the proxy) */
  db: pg.Client;
  startNode(node: ServerNode): Promise<void>;
  kill9(node: ServerNode): void;
  close(): Promise<void>;
}

// free ports and waiting are shared with the tests and the cluster run; benches import them from here
export { freePort, sleep };

/**
 * `databaseName`: use (drop and create afresh) this database instead of a randomly named scratch one, for a
 * machine where each engineer may use only the database of their own name. `direct`: the nodes reach PostgreSQL
 * and Redis without the fault proxies (a benchmark that injects no fault: the proxies run in this process's
 * event loop, so every query would wait for whatever else this process does).
 */
export async function startCluster(opts: {
  databaseUrl: string;
  databaseName?: string;
  direct?: boolean;
  /** how the nodes run the server (serverProcess.ts); tsx unless a benchmark measures the build */
  runtime?: ServerRuntime;
  /** runs on the fresh database before any node starts (a node then finds what it made at its start) */
  prepare?: (databaseUrl: string) => Promise<void>;
}): Promise<Cluster> {
  const scratch = opts.databaseName
    ? await createNamedDatabase(opts.databaseUrl, opts.databaseName)
    : await createScratchDatabase(opts.databaseUrl, 'panel_chaos');
  const direct = new URL(scratch.url);
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();

  const redis = await startRedisServer();
  const redisPort = redis.port;
  const pgProxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const redisProxy = await startFaultProxy({ host: '127.0.0.1', port: redisPort });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-chaos-'));

  let closing = false;
  const nodes: ServerNode[] = [];
  for (const name of ['A', 'B']) {
    const port = await freePort();
    nodes.push({
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      child: null,
      unexpectedExits: 0,
      killing: false,
      output: [],
    });
  }

  async function startNode(node: ServerNode): Promise<void> {
    const child = spawn(process.execPath, serverArgs(opts.runtime ?? 'tsx'), {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...MALLOC_ENV, // as the unit starts a node
        PORT: String(node.port),
        HOST: '127.0.0.1',
        DATABASE_URL: opts.direct ? direct.toString() : pgProxy.proxyUrl(direct.toString()),
        REDIS_URL: opts.direct
          ? `redis://127.0.0.1:${redisPort}`
          : redisProxy.proxyUrl(`redis://127.0.0.1:${redisPort}`),
        DATA_DIR: path.join(dataDir, node.name),
        SEED: 'demo',
        ENVIRONMENT: 'demo',
        SIMULATE: '0', // no living demo writes among the measured ones
        METRICS_PORT: 'off', // two nodes on one host: no fight over the metrics port
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node.child = child;
    const keep = (d: Buffer) => {
      node.output.push(d.toString());
      if (node.output.length > 200) node.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      if (node.child === child) node.child = null;
      if (node.killing || closing) return;
      node.unexpectedExits++;
      const last =
        node.output
          .join('')
          .split('\n')
          .filter((l) => /Error|error/.test(l))
          .slice(-1)[0] ?? '';
      console.error(
        `[chaos] node ${node.name} exited by itself (code ${code}, signal ${signal}): ${last.slice(0, 200)}`,
      );
      // as a supervisor would: start it again, so the run goes on and counts what the fault cost
      setTimeout(
        () => void startNode(node).catch((e: Error) => console.error(`[chaos] restart ${node.name}: ${e.message}`)),
        1000,
      );
    });
    await waitFor(async () => (await fetch(`${node.url}/version.json`)).ok, 120_000, `node ${node.name} listening`);
  }

  function kill9(node: ServerNode): void {
    node.killing = true;
    node.child?.kill('SIGKILL');
  }

  if (opts.prepare) await opts.prepare(scratch.url);
  // one node first: it migrates and seeds; the second finds the database ready
  await startNode(nodes[0]);
  await startNode(nodes[1]);

  return {
    nodes,
    pgProxy,
    redisProxy,
    db,
    startNode,
    kill9,
    async close() {
      closing = true;
      for (const n of nodes) {
        n.killing = true;
        n.child?.kill('SIGTERM');
      }
      await sleep(1500);
      for (const n of nodes) n.child?.kill('SIGKILL');
      redis.child.kill('SIGKILL');
      await pgProxy.close();
      await redisProxy.close();
      await db.end();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
