/**
 * Contract of the railway operator's calls (000 §7) against a local server: the GET export with uuid, user and
 * device serial, the GET test call with a code, answers passed on, failures as ServiceError, the outbox default
 * and the 10 s railway service timeout (000 §9).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAILWAY_SERVICE_TIMEOUT } from '@panel/domain/constants';
import type { DatabaseHandle } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { ServiceError } from '../geo/http.js';
import {
  httpRailwayOperatorProvider,
  railwayOperatorProvider,
  railwayOperatorUrl,
  type RailwayOperatorCall,
} from './provider.js';
import { openMigratedMemoryDatabase } from '../../test/pgliteImage.js';

const exportCall: RailwayOperatorCall = {
  call: 'export',
  query: { uuid: '7f1c2a9e-0b7d-4c52-9a57-2f1c3e4d5a6b', user: 'dispecer', serial: 'PANEL-01 A&B' },
};

describe('railway operator provider', () => {
  let server: Server;
  let base: string;
  let mode: 'json' | 'text' | 'error' | 'hang' = 'json';
  const seen: { method: string; url: string }[] = [];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '' });
      if (mode === 'hang') return; // never answers: the client's timeout must end the call
      if (mode === 'error') return res.writeHead(503, { 'content-type': 'text/plain' }).end('nedostupné');
      if (mode === 'text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: true, id: 42 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sz/api/`;
    handle = await openMigratedMemoryDatabase();
  }, 120_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await handle?.close();
  });

  it('export: GET {url}/export with uuid, user and serial (encoded); the JSON answer passed on', async () => {
    mode = 'json';
    const provider = railwayOperatorProvider(handle.db, base);
    expect(provider.kind).toBe('http');
    expect(await provider.send(exportCall)).toEqual({ status: 'sent', answer: { result: true, id: 42 } });
    const last = seen.at(-1)!;
    expect(last.method).toBe('GET');
    const url = new URL(last.url, base);
    expect(url.pathname).toBe('/sz/api/export');
    expect(Object.fromEntries(url.searchParams)).toEqual(exportCall.query);
  });

  it('test: GET {url}/test?code=; a text answer is passed on as text', async () => {
    mode = 'text';
    const answer = await httpRailwayOperatorProvider(base).send({ call: 'test', query: { code: 'T 1/2' } });
    expect(answer).toEqual({ status: 'sent', answer: 'OK' });
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/sz/api/test?code=T+1%2F2' });
    expect(railwayOperatorUrl('https://sz.example.cz/op', { call: 'test', query: { code: 'x' } })).toBe(
      'https://sz.example.cz/op/test?code=x',
    );
  });

  it('a non-2xx answer and an unreachable service are ServiceErrors, logged with the service and URL', async () => {
    mode = 'error';
    const logged: object[] = [];
    const log = { warn: () => {}, error: (o: object) => logged.push(o) };
    await expect(httpRailwayOperatorProvider(base, { log }).send(exportCall)).rejects.toBeInstanceOf(ServiceError);
    expect(logged[0]).toMatchObject({ service: 'railway-operator', status: 503 });
    await expect(httpRailwayOperatorProvider('http://127.0.0.1:1/').send(exportCall)).rejects.toBeInstanceOf(
      ServiceError,
    );
  });

  it('the default is 000 §9 "Railway service request timeout 10 s": a hanging service is given up after 10 s', async () => {
    expect(RAILWAY_SERVICE_TIMEOUT).toBe(10_000);
    mode = 'hang';
    const logged: object[] = [];
    const log = { warn: () => {}, error: (o: object) => logged.push(o) };
    const started = performance.now();
    await expect(httpRailwayOperatorProvider(base, { log }).send(exportCall)).rejects.toBeInstanceOf(ServiceError);
    // not before 10 s (a lower bound holds on any machine); the upper bound only catches "never"
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(RAILWAY_SERVICE_TIMEOUT - 50);
    expect(elapsed).toBeLessThan(60_000);
    expect(logged[0]).toMatchObject({ service: 'railway-operator', reason: 'timeout' });
  }, 90_000);

  it('without RAILWAY_OPERATOR_URL the call waits in the outbox', async () => {
    const provider = railwayOperatorProvider(handle.db, undefined);
    expect(provider.kind).toBe('outbox');
    expect(await provider.send(exportCall)).toEqual({ status: 'queued' });
    const rows = await handle.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'railway-operator', status: 'pending', payload: { ...exportCall } });
    expect((rows[0].payload as { at: string }).at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
