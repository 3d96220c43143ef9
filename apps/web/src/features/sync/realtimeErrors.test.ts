/**
 * 000 §8 / 001 §8 "Realtime status labels: Připojuje se, Odpojeno, Připojeno, plus English texts for error
 * categories": a failure reports 'Odpojeno' with the English message of its category, a connection clears it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { io } from 'socket.io-client';
import { connectRealtime, realtimeErrorCategory, realtimeErrorMessage } from './realtime';

afterEach(() => vi.unstubAllGlobals());

function fakeSocket() {
  const handlers: Record<string, ((arg?: unknown) => void)[]> = {};
  return {
    connected: false,
    on: (name: string, fn: (arg?: unknown) => void) => (handlers[name] ??= []).push(fn),
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    io: { on: vi.fn(), removeAllListeners: vi.fn() },
    fire: (name: string, arg?: unknown) => handlers[name]?.forEach((fn) => fn(arg)),
  };
}

describe('realtime error categories', () => {
  it('maps socket.io reasons and our refusals to categories; a disconnect of our own is no error', () => {
    expect(realtimeErrorCategory('unauthorized')).toBe('unauthorized');
    expect(realtimeErrorCategory('unavailable')).toBe('unavailable');
    expect(realtimeErrorCategory('io server disconnect')).toBe('serverDisconnect');
    expect(realtimeErrorCategory('transport close')).toBe('transportClose');
    expect(realtimeErrorCategory('xhr poll error')).toBe('transportError');
    expect(realtimeErrorCategory('websocket error')).toBe('transportError');
    expect(realtimeErrorCategory('ping timeout')).toBe('pingTimeout');
    expect(realtimeErrorCategory('parse error')).toBe('parseError');
    expect(realtimeErrorCategory('io client disconnect')).toBeNull();
    expect(realtimeErrorCategory('something new')).toBe('unknown');
    vi.stubGlobal('navigator', { onLine: false });
    expect(realtimeErrorCategory('something new')).toBe('offline');
  });

  it('the messages are English (plain ASCII), one per category', () => {
    const messages = ['unauthorized', 'io server disconnect', 'transport close', 'ping timeout'].map(
      realtimeErrorMessage,
    );
    for (const m of messages) expect(m).toMatch(/^[A-Za-z][\x20-\x7e]+$/);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('reports Odpojeno with the message of the failure, and no message on a connection', () => {
    const socket = fakeSocket();
    const reports: [string, string | undefined][] = [];
    connectRealtime({
      token: 't',
      instance: 'i',
      baseUid: null,
      groups: [],
      onInvalidate: () => undefined,
      onStatus: (status, error) => reports.push([status, error]),
      onSessionEnded: () => undefined,
      connect: vi.fn(() => socket) as unknown as typeof io,
    });
    socket.fire('connect_error', new Error('unauthorized'));
    socket.fire('connect');
    socket.fire('disconnect', 'ping timeout');
    expect(reports).toEqual([
      ['connecting', undefined],
      ['disconnected', 'Session refused by the server'],
      ['connected', undefined],
      ['disconnected', 'Server not responding (ping timeout)'],
    ]);
  });
});
