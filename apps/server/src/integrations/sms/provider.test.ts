/** The SMS providers: the outbox default, and the HTTP gateway against a local server (success, refusals, timeout). */
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { useFakeGateway } from '../../test/fakeGateway.js';
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
  const gateway = useFakeGateway('/sms', { refuse: [503, 'busy'], status0: 'Neplatné číslo' });

  it('default: records the SMS in the outbox', async () => {
    const provider = smsProvider(gateway.handle.db, undefined);
    expect(provider.kind).toBe('outbox');
    expect(await provider.send(request)).toEqual({ ok: true, detail: null });
    const rows = await gateway.handle.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'sms', status: 'pending', payload: request });
  });

  it('a gateway URL: POSTs JSON there; a 2xx answer (JSON or not) is success', async () => {
    const provider = smsProvider(gateway.handle.db, ` ${gateway.url} `);
    expect(provider.kind).toBe('http');
    gateway.mode = 'ok';
    expect(await provider.send(request)).toEqual({ ok: true, detail: null });
    expect(gateway.received.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: request });
    gateway.mode = 'text';
    expect((await provider.send(request)).ok).toBe(true);
  });

  it('maps a refusal, a status 0 answer, a timeout and an unreachable gateway to failures', async () => {
    gateway.mode = 'refuse';
    expect(await httpSmsProvider(gateway.url).send(request)).toEqual({
      ok: false,
      detail: smsGatewayTexts.refused(503),
    });
    gateway.mode = 'status0';
    expect(await httpSmsProvider(gateway.url).send(request)).toEqual({ ok: false, detail: 'Neplatné číslo' });
    gateway.mode = 'slow';
    expect(await httpSmsProvider(gateway.url, { timeoutMs: 50 }).send(request)).toEqual({
      ok: false,
      detail: smsGatewayTexts.timeout,
    });
    expect(await httpSmsProvider('http://127.0.0.1:1/sms').send(request)).toEqual({
      ok: false,
      detail: smsGatewayTexts.unreachable,
    });
  });
});
