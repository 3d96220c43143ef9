/**
 * The benchmarks' HTTP side, kept free of server imports so a load-generator process starts light: panel
 * sessions as the client holds them, their headers, and keep-alive calls through an `http.Agent`.
 */
import http from 'node:http';

export interface BenchSession {
  username: string;
  userId: number;
  /** the user's base (null: none) */
  baseId: number | null;
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
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
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

/** A panel's login as the web does it: POST /v2/auth/login with the demo password, then its first device taken. */
export async function panelLogin(
  url: string,
  username: string,
  password = 'panel-demo',
  /** the code of the device to confirm among those offered (default: the one offered first, as the panel) */
  deviceCode?: string,
): Promise<{
  headers: Record<string, string>;
  token: string;
  instance: string;
  user: { id: number; baseId: number | null; groups: string[] };
}> {
  const res = await fetch(`${url}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-code': 'panel' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    message: string;
    instance: string;
    user: { id: number; baseId: number | null; groups: string[] };
    device: { id: number } | null;
    devices: { id: number; code: string }[];
  };
  const headers = {
    authorization: `Bearer ${body.message}`,
    'app-code': 'panel',
    'app-instance': body.instance,
    'content-type': 'application/json',
  };
  const deviceId = deviceCode
    ? body.devices.find((d) => d.code === deviceCode)?.id
    : (body.device?.id ?? body.devices[0]?.id);
  if (deviceId == null) throw new Error(`login ${username}: no device ${deviceCode ?? ''} offered`);
  const device = await fetch(`${url}/v2/auth/device`, { method: 'POST', headers, body: JSON.stringify({ deviceId }) });
  if (!device.ok) throw new Error(`device ${username}: ${device.status}`);
  return { headers, token: body.message, instance: body.instance, user: body.user };
}

/**
 * Waits until a freshly started server has rendered its sound library (it does so in the background after
 * listen, on a worker of the 2 cores a benchmark shares): fetching each tone waits for its rendering. A running
 * service rendered them at its first start; a measured window must not share the machine with that.
 */
export async function soundLibraryRendered(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${url}/v2/assets/sounds`, { headers });
  if (!res.ok) throw new Error(`sound library: ${res.status}`);
  const { types } = (await res.json()) as { types: { url: string }[] };
  for (const t of types) {
    const file = await fetch(new URL(t.url, url));
    await file.arrayBuffer();
    if (!file.ok) throw new Error(`tone ${t.url}: ${file.status}`);
  }
  return types.length;
}

/** The median time of `count` GET /version.json one after another: a run's plain answer, the base of its ratios. */
export async function versionMedianMs(url: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await (await fetch(`${url}/version.json`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
