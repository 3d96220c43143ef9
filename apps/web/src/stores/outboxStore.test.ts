import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './appStore';
import { flushOutbox, sendText, useOutboxStore } from './outboxStore';
import { fetchSequence, setupOutboxTests } from './outboxTestSetup';
import { useToastStore } from '../ui/toasts';

const item = { uuid: 'u-1', userId: 7, eventId: 1, eventUuid: 'uuid-1', messageCategoryId: 2, content: 'Ahoj' };

setupOutboxTests();
afterEach(() => {
  vi.useRealTimers();
});

describe('outbox', () => {
  it('keeps a message that failed for a network reason and resends it with the same uuid when online fires', async () => {
    const calls = fetchSequence<{ uuid: string }>([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response(JSON.stringify({ id: 3, uuid: 'u-1', eventId: 1 }), { status: 201 }),
    ]);
    expect(await sendText(item)).toBe('pending');
    expect(useOutboxStore.getState().items.map((i) => i.uuid)).toEqual(['u-1']);
    expect(JSON.parse(localStorage.getItem('panel.outbox')!).state.items[0].uuid).toBe('u-1');

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useOutboxStore.getState().items).toEqual([]));
    expect(calls.map((c) => c.body.uuid)).toEqual(['u-1', 'u-1']);
  });

  it('keeps it on a 5xx and retries every 5 s and on realtime reconnect', async () => {
    vi.useFakeTimers();
    const calls = fetchSequence<{ uuid: string }>([
      () => new Response('{}', { status: 503 }),
      () => new Response('{}', { status: 502 }),
      () => new Response(JSON.stringify({ id: 3 }), { status: 200 }),
    ]);
    expect(await sendText(item)).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    expect(useOutboxStore.getState().items).toHaveLength(1);
    useAppStore.getState().set({ realtimeStatus: 'connected' });
    await vi.waitFor(() => expect(useOutboxStore.getState().items).toEqual([]));
    expect(calls.map((c) => c.body.uuid)).toEqual(['u-1', 'u-1', 'u-1']);
  });

  it('keeps it on a 503 and waits out its Retry-After before sending it again (issue 24 item 10)', async () => {
    vi.useFakeTimers();
    const calls = fetchSequence<{ uuid: string }>([
      () => new Response('{}', { status: 503, headers: { 'Retry-After': '12' } }),
      () => new Response(JSON.stringify({ id: 3 }), { status: 201 }),
    ]);
    expect(await sendText(item)).toBe('pending');
    await vi.advanceTimersByTimeAsync(10_000); // the 5 s and 10 s ticks fall inside the pause
    useAppStore.getState().set({ realtimeStatus: 'connected' }); // so does a reconnect
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(useOutboxStore.getState().items).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000); // the 15 s tick: past the pause
    expect(calls.map((c) => c.body.uuid)).toEqual(['u-1', 'u-1']);
    expect(useOutboxStore.getState().items).toEqual([]);
  });

  it('drops a message the server refuses (4xx) with an error toast', async () => {
    fetchSequence([() => new Response(JSON.stringify({ message: 'Zakázáno' }), { status: 403 })]);
    expect(await sendText(item)).toBe('refused');
    expect(useOutboxStore.getState().items).toEqual([]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      severity: 'error',
      message: 'Chyba při odesílání zprávy: Zakázáno',
    });
  });

  it('sends only the logged-in user’s waiting messages', async () => {
    useOutboxStore.setState({ items: [{ ...item, userId: 8, attempts: 1, createdAt: '' }] });
    const calls = fetchSequence<{ uuid: string }>([]);
    await flushOutbox();
    expect(calls).toHaveLength(0);
  });
});
