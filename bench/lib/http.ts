/**
 * The benchmarks' HTTP side, kept free of server imports so a load-generator process starts light: panel
 * sessions as the client holds them, their headers, and keep-alive calls through an `http.Agent`.
 */
import http from 'node:http';

export interface BenchSession {
  username: string;
  userId: number;
  token: string;
  instance: string;
  /** the channels the web subscribes (realtime.ts channelsFor): base.{uid} and group.{name} */
  channels: string[];
}

export function panelHeaders(s: BenchSession): Record<string, string> {
  return {
    authorization: `Bearer ${s.token}`,
    'app-code': 'panel',
    'app-instance': s.instance,
    'content-type': 'application/json',
  };
}

/** A keep-alive HTTP call; the body as text (gzip answers decompressed by the caller when asked for). */
export function request(
  agent: http.Agent,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // the whole call, from the queue for a connection to the last byte (a panel waits for all of it)
    if (opts.timeoutMs) {
      timer = setTimeout(
        () => req.destroy(Object.assign(new Error('timeout'), { code: 'BENCH_TIMEOUT' })),
        opts.timeoutMs,
      );
    }
    req.end(opts.body);
  });
}
