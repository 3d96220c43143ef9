/**
 * A TCP proxy for fault tests, in the manner of Toxiproxy: the server under test talks to PostgreSQL or Redis
 * through it, and the test cuts, refuses or delays that traffic. The machine's shared services are never stopped
 * or restarted by a test; only this proxy's sockets are.
 *
 * - `cut()`: destroys every open connection (a network failure or a server restart as the client sees it) and
 *   refuses new ones until `restore()`.
 * - `refuse()`: keeps open connections but closes every new one at once.
 * - `delay(ms)`: holds every chunk in both directions for `ms` (0 = off).
 * - `delayAnswers(ms)`: holds only what the server sends (a slow database as its client sees it: every answer
 *   comes `ms` late).
 * Held chunks keep their order when the delay changes (a chunk never overtakes an earlier one).
 * - `restore()`: accepts and forwards again.
 */
import net from 'node:net';

export type ProxyMode = 'up' | 'cut' | 'refuse';

export interface FaultProxy {
  /** port the proxy listens on (127.0.0.1) */
  readonly port: number;
  /** `host:port` of the proxy, to put into a URL */
  readonly address: string;
  /** the URL with its host and port replaced by the proxy's */
  proxyUrl(url: string): string;
  cut(): void;
  refuse(): void;
  delay(ms: number): void;
  delayAnswers(ms: number): void;
  restore(): void;
  mode(): ProxyMode;
  /** open client connections */
  connections(): number;
  /** chunks held back by a delay right now */
  held(): number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = 'up';
  let delayMs = 0;
  let answerDelayMs = 0;
  let held = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const pipe = (from: net.Socket, to: net.Socket, extraDelay: () => number) => {
    // chunks of this direction not yet written go out one after another, in order: a chunk behind a held one
    // waits for it even when its own time has come (a loaded machine fires the earlier timer late)
    let queued = 0;
    let chain: Promise<void> = Promise.resolve();
    from.on('data', (chunk) => {
      const at = Date.now() + delayMs + extraDelay();
      if (queued === 0 && at <= Date.now()) {
        if (!to.destroyed) to.write(chunk);
        return;
      }
      queued++;
      held++;
      chain = chain
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()))))
        .then(() => {
          queued--;
          held--;
          if (!to.destroyed) to.write(chunk);
        });
    });
  };

  const server = net.createServer((client) => {
    if (mode !== 'up') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    pipe(client, upstream, () => 0);
    pipe(upstream, client, () => answerDelayMs);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    address: `127.0.0.1:${port}`,
    proxyUrl(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      mode = 'cut';
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    refuse() {
      mode = 'refuse';
    },
    delay(ms) {
      delayMs = Math.max(0, ms);
    },
    delayAnswers(ms) {
      answerDelayMs = Math.max(0, ms);
    },
    restore() {
      mode = 'up';
      delayMs = 0;
      answerDelayMs = 0;
    },
    mode: () => mode,
    connections: () => pairs.size,
    held: () => held,
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
