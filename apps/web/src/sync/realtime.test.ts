import { describe, expect, it, vi } from 'vitest';
import type { io } from 'socket.io-client';
import { connectRealtime } from './realtime';

function fakeSocket() {
  const handlers: Record<string, ((arg?: unknown) => void)[]> = {};
  const managerHandlers: Record<string, (() => void)[]> = {};
  const socket = {
    connected: false,
    emitted: [] as [string, unknown][],
    on: (name: string, fn: (arg?: unknown) => void) => (handlers[name] ??= []).push(fn),
    emit: (name: string, payload: unknown) => socket.emitted.push([name, payload]),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    io: { on: (name: string, fn: () => void) => (managerHandlers[name] ??= []).push(fn), removeAllListeners: vi.fn() },
    fire: (name: string, arg?: unknown) => handlers[name]?.forEach((fn) => fn(arg)),
    fireManager: (name: string) => managerHandlers[name]?.forEach((fn) => fn()),
  };
  return socket;
}

describe('realtime', () => {
  it('authenticates, subscribes unit and group channels, reports statuses and forwards invalidations', () => {
    const socket = fakeSocket();
    const connect = vi.fn(() => socket) as unknown as typeof io;
    const statuses: string[] = [];
    const onInvalidate = vi.fn();
    const onSessionEnded = vi.fn();
    const stop = connectRealtime({
      token: 't',
      instance: 'i',
      baseUid: 'B3',
      groups: ['OPS', 'COIS'],
      onInvalidate,
      onStatus: (s) => statuses.push(s),
      onSessionEnded,
      connect,
    });
    expect(connect).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/socket.io', auth: { token: 't', instance: 'i', appCode: 'panel' } }),
    );
    socket.fire('connect');
    expect(socket.emitted).toEqual([
      ['subscribe', { channel: 'base.B3' }],
      ['subscribe', { channel: 'group.OPS' }],
      ['subscribe', { channel: 'group.COIS' }],
      ['presence', { channel: 'group.OPS' }],
      ['presence', { channel: 'group.COIS' }],
    ]);
    socket.fire('invalidate', { revision: 5, tables: ['events'] });
    expect(onInvalidate).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    socket.fire('session-ended');
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    socket.fire('disconnect');
    socket.fireManager('reconnect_attempt');
    socket.fire('connect'); // resubscribes after a reconnect
    expect(socket.emitted).toHaveLength(10);
    socket.connected = true;
    window.dispatchEvent(new Event('online')); // network back: subscribe again
    expect(socket.emitted).toHaveLength(15);
    stop();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected', 'disconnected']);
  });
});
