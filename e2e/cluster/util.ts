/** Small helpers of the cluster test: the repository root, free ports, waiting. */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port free on 127.0.0.1 now (other engineers' tests run at the same time: never a fixed one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `check` answers true (an error counts as false unless `check` rethrows after a fatal one). */
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
