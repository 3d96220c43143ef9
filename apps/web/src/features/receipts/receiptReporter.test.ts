import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import { useAuthStore } from '../../stores/authStore';
import { makeEvent } from '../../test/factories';
import { makeMessage } from '../messages/testMessages';
import { emitOnSocket } from '../sync/realtime';
import { flushReceipts, noteBundleReceipts, noteShown, resetReceipts, takeWaitingReceipts } from './receiptReporter';

// no socket unless a test gives one: the reports go by POST /v2/receipts
vi.mock('../sync/realtime', () => ({ emitOnSocket: vi.fn(() => Promise.resolve(null)) }));

const now = new Date();
const recent = toWireTime(new Date(now.getTime() - 60_000));
const old = toWireTime(new Date(now.getTime() - 2 * 3600_000));

function bodies(): { items: { kind: string; id: number; state: string }[]; via: string }[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter((c) => String(c[0]).endsWith('/v2/receipts'))
    .map((c) => JSON.parse(String((c[1] as RequestInit).body)) as never);
}

describe('receipt reporter (issue 25)', () => {
  beforeEach(() => {
    resetReceipts();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"result":true,"queued":1}', { status: 200 }))),
    );
    useAuthStore.setState({ token: 't', instance: 'i', device: { id: 7, code: 'T-PHA-01', name: 'Tablet' } as never });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, instance: null, device: null });
  });

  it('reports recent messages and waiting alerts of others as delivered, once, by the way they came', async () => {
    noteBundleReceipts(
      {
        messages: [
          makeMessage(1, { deviceId: 3, insertedAt: recent }),
          makeMessage(2, { deviceId: 7, insertedAt: recent }), // own device
          makeMessage(3, { deviceId: 3, insertedAt: old }), // history of a full bundle
        ],
        events: [
          makeEvent(10, {
            eventStateId: 0,
            alert: { title: 'Požár', subtitle: null, description: null },
            createdAt: recent,
          }),
          makeEvent(11, {
            eventStateId: 1,
            alert: { title: 'Přijatý', subtitle: null, description: null },
            createdAt: recent,
          }),
        ],
      },
      'push',
      now,
    );
    noteBundleReceipts({ messages: [makeMessage(1, { deviceId: 3, insertedAt: recent })] }, 'poll', now);
    await flushReceipts();
    expect(bodies()).toEqual([
      {
        via: 'push',
        items: [
          { kind: 'message', id: 1, state: 'delivered' },
          { kind: 'alert', id: 10, state: 'delivered' },
        ],
      },
    ]);
  });

  it('reports shown only while the panel is visible, and again after a failed report', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(noteShown('message', 5)).toBe(false);
    visibility.mockReturnValue('visible');
    vi.mocked(fetch).mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    expect(noteShown('message', 5)).toBe(true);
    await flushReceipts();
    await flushReceipts();
    const sent = bodies();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ via: 'view', items: [{ kind: 'message', id: 5, state: 'shown' }] });
    visibility.mockRestore();
  });

  it('lets the waiting batch ride on a pull; what rode is not sent again', async () => {
    noteBundleReceipts({ messages: [makeMessage(8, { deviceId: 3, insertedAt: recent })] }, 'poll', now);
    expect(takeWaitingReceipts('poll')).toEqual([{ kind: 'message', id: 8, state: 'delivered' }]);
    expect(takeWaitingReceipts('poll')).toEqual([]);
    await flushReceipts();
    expect(bodies()).toEqual([]);
  });

  it('sends on the socket when the server acknowledges there, without an HTTP request', async () => {
    vi.mocked(emitOnSocket).mockResolvedValueOnce({ ok: true });
    noteShown('message', 5);
    await flushReceipts();
    expect(vi.mocked(emitOnSocket)).toHaveBeenLastCalledWith('receipts', {
      items: [{ kind: 'message', id: 5, state: 'shown' }],
      via: 'view',
    });
    expect(bodies()).toEqual([]);
    // refused or unanswered on the socket: the same report goes by POST
    vi.mocked(emitOnSocket).mockResolvedValueOnce({ ok: false });
    noteShown('message', 6);
    await flushReceipts();
    expect(bodies()).toEqual([{ items: [{ kind: 'message', id: 6, state: 'shown' }], via: 'view' }]);
  });
});
