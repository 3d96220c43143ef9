/**
 * The metrics' own HTTP listener (issue 23): `GET /metrics` in Prometheus' text format on METRICS_HOST:METRICS_PORT
 * (default 127.0.0.1:9464, never the public interface unless the operator says so). Anything else is 404. A port
 * that cannot be bound (in use: a second node on the same host with the same METRICS_PORT) is a warning, not a
 * failure: the node serves on without it. Started by server.ts after the main port listens; closed with the app.
 */
import http from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsListenerOptions {
  registry: Registry;
  host: string;
  port: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface MetricsListener {
  /** the bound port, or null when it could not be bound */
  port: number | null;
  close(): Promise<void>;
}

export async function startMetricsListener(opts: MetricsListenerOptions): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    opts.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': opts.registry.contentType }).end(text),
      (error: unknown) => {
        opts.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed\n');
      },
    );
  });
  // one scrape at a time is all Prometheus does; idle keep-alive sockets must not hold the shutdown
  server.keepAliveTimeout = 5_000;
  const bound = await new Promise<number | null>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      opts.log.warn(
        { code: error.code, host: opts.host, port: opts.port },
        `metrics listener not started (${error.code ?? error.message}): set another METRICS_PORT or METRICS_PORT=off`,
      );
      resolve(null);
    });
    server.listen(opts.port, opts.host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : opts.port);
    });
  });
  if (bound === null) return { port: null, close: async () => undefined };
  server.on('error', (error) => opts.log.warn({ err: error.message }, 'metrics listener error'));
  opts.log.info({ host: opts.host, port: bound }, 'metrics listening');
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
