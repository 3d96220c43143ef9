/** The SMS providers: the outbox default, and the HTTP gateway against a local server (success, refusals, timeout). */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { outbox } from '../../db/schema/index.js';
import { httpSmsProvider, smsGatewayTexts, smsProvider, type SmsRequest } from './provider.js';

const request: SmsRequest = {
  number: '725341880',
  to: '+420725341880',
  content: 'Požár Praha-Libeň',
  baseUid: 'hzs-pha',
  eventId: 1,
  userId: 3,
  at: '2025-01-01T10:00:00.000Z',
};

describe('SMS provider', () => {
  let handle: DatabaseHandle;
  let server: Server;
  let url: string;
  const received: unknown[] = [];
  let mode: 'ok' | 'refuse' | 'slow' | 'status0' | 'text' = 'ok';

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
      if (mode === 'refuse') return res.writeHead(503).end('busy');
      if (mode === 'text') return res.end('OK');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(mode === 'status0' ? { status: 0, msg: 'Neplatné číslo' } : { status: 1 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  it('default: records the SMS in the outbox', async () => {
    const provider = smsProvider(handle.db, undefined);
    expect(provider.kind).toBe('outbox');
    expect(await provider.send(request)).toEqual({ ok: true, detail: null });
    const rows = await handle.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'sms', status: 'pending', payload: request });
  });

  it('a gateway URL: POSTs JSON there; a 2xx answer (JSON or not) is success', async () => {
    const provider = smsProvider(handle.db, ` ${url} `);
    expect(provider.kind).toBe('http');
    mode = 'ok';
    expect(await provider.send(request)).toEqual({ ok: true, detail: null });
    expect(received.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: request });
    mode = 'text';
    expect((await provider.send(request)).ok).toBe(true);
  });

  it('maps a refusal, a status 0 answer, a timeout and an unreachable gateway to failures', async () => {
    mode = 'refuse';
    expect(await httpSmsProvider(url).send(request)).toEqual({ ok: false, detail: smsGatewayTexts.refused(503) });
    mode = 'status0';
    expect(await httpSmsProvider(url).send(request)).toEqual({ ok: false, detail: 'Neplatné číslo' });
    mode = 'slow';
    expect(await httpSmsProvider(url, { timeoutMs: 50 }).send(request)).toEqual({
      ok: false,
      detail: smsGatewayTexts.timeout,
    });
    expect(await httpSmsProvider('http://127.0.0.1:1/sms').send(request)).toEqual({
      ok: false,
      detail: smsGatewayTexts.unreachable,
    });
  });
});
