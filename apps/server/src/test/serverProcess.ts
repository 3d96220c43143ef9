/**
 * Fault tests run the real server as a child process: the compiled server `npm start` and a release run
 * (`node apps/server/dist/server.js`, built before the tests by test/compiledServer.ts), so the child is the server
 * itself (its exit code and signals are the server's, no npx/tsx wrapper in between). Resolves once it prints
 * where it listens; `stop` ends it with SIGKILL when it is still there (afterAll clean-up).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALLOC_ENV } from '../startup/mallocEnv.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** stdout and stderr so far */
  output(): string;
  /** the exit code, or null while it runs */
  exitCode(): number | null;
  /** resolves with the exit code (signal name when killed by one) */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/**
 * How a child runs the server: the build `npm start` runs (`apps/server/dist/server.js`, made by
 * apps/server/scripts/serverBuild.ts; it starts on ~3 CPU-s less and idles ~60 MB lower), or the TypeScript sources
 * under tsx (`npm run dev`; start.test.ts keeps that path covered).
 */
export type ServerRuntime = 'tsx' | 'compiled';

/** The node arguments (from the repository root) that start the server in `runtime`. */
export const serverArgs = (runtime: ServerRuntime = 'compiled'): string[] =>
  runtime === 'compiled' ? ['apps/server/dist/server.js'] : ['--import', 'tsx', 'apps/server/src/server.ts'];

export function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
  runtime: ServerRuntime = 'compiled',
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serverArgs(runtime), {
      cwd: repoRoot,
      // the living demo (demo/simulator) only when a test asks for it: server-process tests stay deterministic;
      // the metrics listener too (several servers at once would fight over its port 9464)
      // as deployed: the allocator settings of the unit and `npm start` (startup/mallocEnv.ts)
      env: { ...process.env, ...MALLOC_ENV, SIMULATE: '0', METRICS_PORT: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: string[] = [];
    const output = () => chunks.join('');
    const exited = new Promise<number | string>((done) =>
      child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
    );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output()}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString());
      const match = /Panel běží na (http:\/\/\S+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          url: match[1],
          output,
          exitCode: () => child.exitCode,
          exited,
          async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
}
