/** The ISV providers: the outbox default, and the HTTP provider against a local server (success, refusal, timeout). */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { outbox } from '../../db/schema/index.js';
import { httpIsvProvider, isvProvider, isvTexts } from './provider.js';

const request = { messageId: 7, unitUid: 'hzs-pha', payload: { content: 'x' }, at: '2025-01-01T10:00:00.000Z' };

describe('ISV provider', () => {
  let handle: DatabaseHandle;
  let server: Server;
  let url: string;
  const received: unknown[] = [];
  let mode: 'ok' | 'refuse' | 'slow' | 'status0' = 'ok';

  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: ':memory:' });
    await migrate(handle);
    server = createServer(async (req, res) => {
      received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(await bodyOf(req)) });
      if (mode === 'slow') return setTimeout(() => res.end('{}'), 500);
      if (mode === 'refuse') return res.writeHead(500).end('boom');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(mode === 'status0' ? { status: 0, msg: 'Neznámá jednotka' } : { status: 1 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/isv`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  it('default: records the hand-over in the outbox', async () => {
    const provider = isvProvider(handle.db, {});
    expect(provider.kind).toBe('outbox');
    expect(await provider.send(request)).toEqual({ status: 1, msg: 'Zpráva předána do ISV' });
    const rows = await handle.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'isv', status: 'pending', payload: request });
  });

  it('ISV_URL: POSTs JSON there and answers status 1', async () => {
    const provider = isvProvider(handle.db, { ISV_URL: url });
    expect(provider.kind).toBe('http');
    mode = 'ok';
    expect(await provider.send(request)).toEqual({ status: 1, msg: isvTexts.sent });
    expect(received.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: request });
  });

  it('maps a refusal, a status 0 answer, a timeout and an unreachable system to status 0', async () => {
    mode = 'refuse';
    expect(await httpIsvProvider(url).send(request)).toEqual({ status: 0, msg: isvTexts.refused(500) });
    mode = 'status0';
    expect(await httpIsvProvider(url).send(request)).toEqual({ status: 0, msg: 'Neznámá jednotka' });
    mode = 'slow';
    expect(await httpIsvProvider(url, { timeoutMs: 50 }).send(request)).toEqual({ status: 0, msg: isvTexts.timeout });
    expect(await httpIsvProvider('http://127.0.0.1:1/isv').send(request)).toEqual({
      status: 0,
      msg: isvTexts.unreachable,
    });
  });
});
