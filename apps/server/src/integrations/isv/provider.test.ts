/** The ISV providers: the outbox default, and the HTTP provider against a local server (success, refusal, timeout). */
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { useFakeGateway } from '../../test/fakeGateway.js';
import { httpIsvProvider, isvProvider, isvTexts } from './provider.js';

const request = { messageId: 7, unitUid: 'hzs-pha', payload: { content: 'x' }, at: '2025-01-01T10:00:00.000Z' };

describe('ISV provider', () => {
  const gateway = useFakeGateway('/isv', { refuse: [500, 'boom'], status0: 'Neznámá jednotka' });

  it('default: records the hand-over in the outbox', async () => {
    const provider = isvProvider(gateway.handle.db, {});
    expect(provider.kind).toBe('outbox');
    expect(await provider.send(request)).toEqual({ status: 1, msg: 'Zpráva předána do ISV' });
    const rows = await gateway.handle.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'isv', status: 'pending', payload: request });
  });

  it('ISV_URL: POSTs JSON there and answers status 1', async () => {
    const provider = isvProvider(gateway.handle.db, { ISV_URL: gateway.url });
    expect(provider.kind).toBe('http');
    gateway.mode = 'ok';
    expect(await provider.send(request)).toEqual({ status: 1, msg: isvTexts.sent });
    expect(gateway.received.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: request });
  });

  it('maps a refusal, a status 0 answer, a timeout and an unreachable system to status 0', async () => {
    gateway.mode = 'refuse';
    expect(await httpIsvProvider(gateway.url).send(request)).toEqual({ status: 0, msg: isvTexts.refused(500) });
    gateway.mode = 'status0';
    expect(await httpIsvProvider(gateway.url).send(request)).toEqual({ status: 0, msg: 'Neznámá jednotka' });
    gateway.mode = 'slow';
    expect(await httpIsvProvider(gateway.url, { timeoutMs: 50 }).send(request)).toEqual({
      status: 0,
      msg: isvTexts.timeout,
    });
    expect(await httpIsvProvider('http://127.0.0.1:1/isv').send(request)).toEqual({
      status: 0,
      msg: isvTexts.unreachable,
    });
  });
});
