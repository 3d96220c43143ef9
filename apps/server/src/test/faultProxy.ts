/**
 * A TCP proxy for fault tests, in the manner of Toxiproxy: the server under test talks to PostgreSQL or Redis
 * through it, and the test cuts, refuses or delays that traffic. The machine's shared services are never stopped
 * or restarted by a test; only this proxy's sockets are.
 *
 * - `cut()`: destroys every open connection (a network failure or a server restart as the client sees it) and
 *   refuses new ones until `restore()`.
 * - `refuse()`: keeps open connections but closes every new one at once.
 * - `delay(ms)`: holds every chunk in both directions for `ms` (0 = off).
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
  restore(): void;
  mode(): ProxyMode;
  /** open client connections */
  connections(): number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = 'up';
  let delayMs = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
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
    pipe(client, upstream);
    pipe(upstream, client);
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
    restore() {
      mode = 'up';
      delayMs = 0;
    },
    mode: () => mode,
    connections: () => pairs.size,
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
