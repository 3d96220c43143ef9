/**
 * JSON calls through nginx over HTTPS, trusting only the test's CA (as a panel's browser trusts the operator's
 * certificate). node:https with an Agent that has the CA: Node's global fetch takes no CA without undici's own
 * Agent, which no workspace depends on.
 */
import https from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HttpsClient {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): void;
}

/** `localAddress`: the loopback address to connect from (nginx sees it as the client's address) */
export function httpsClient(
  base: string,
  ca: Buffer,
  opts: { timeoutMs?: number; localAddress?: string } = {},
): HttpsClient {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64, localAddress: opts.localAddress });
  const url = new URL(base);
  return {
    call(method, path, body, headers = {}) {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        const req = https.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path,
            method,
            headers: {
              'app-code': 'panel',
              accept: 'application/json',
              ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
              ...headers,
            },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              try {
                parsed = text ? JSON.parse(text) : undefined;
              } catch {
                // not JSON (nginx's own error pages): kept as text
              }
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
