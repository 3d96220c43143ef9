/**
 * Test fixture of the HTTP hand-over integrations (ISV, SMS gateway): an in-memory database for the outbox default,
 * and a local gateway that records each JSON POST and answers as `mode` says. Both providers speak the same
 * `{status, msg}` protocol, so their tests share one gateway; what differs is passed in `answers`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { openMigratedMemoryDatabase } from './pgliteImage.js';

/** ok: `{status: 1}`; refuse: an HTTP error; slow: answers after 500 ms; status0: `{status: 0, msg}`; text: plain 'OK' */
export type GatewayMode = 'ok' | 'refuse' | 'slow' | 'status0' | 'text';

export interface GatewayAnswers {
  /** HTTP status and body of a refusal */
  refuse: [number, string];
  /** `msg` of a status 0 answer */
  status0: string;
}

export interface GatewayFixture {
  handle: DatabaseHandle;
  /** the gateway's URL (valid after beforeAll) */
  url: string;
  /** `{method, type, body}` of each request, oldest first */
  received: unknown[];
  mode: GatewayMode;
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

/** Call inside a `describe`: registers the fixture's beforeAll/afterAll there. */
export function useFakeGateway(path: string, answers: GatewayAnswers): GatewayFixture {
  const fixture = { url: '', received: [], mode: 'ok' } as unknown as GatewayFixture;
  let server: Server | undefined;

  beforeAll(async () => {
    fixture.handle = await openMigratedMemoryDatabase();
    server = createServer(async (req, res) => {
      fixture.received.push({
        method: req.method,
        type: req.headers['content-type'],
        body: JSON.parse(await bodyOf(req)),
      });
      const { mode } = fixture;
      if (mode === 'slow') return setTimeout(() => res.end('{}'), 500);
      if (mode === 'refuse') return res.writeHead(answers.refuse[0]).end(answers.refuse[1]);
      if (mode === 'text') return res.end('OK');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(mode === 'status0' ? { status: 0, msg: answers.status0 } : { status: 1 }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    fixture.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await fixture.handle?.close();
  });
  return fixture;
}
