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

/** A panel connected with `onDelta` (deltas in the push) through a fake socket. */
function connectWithDeltas() {
  const socket = fakeSocket();
  const connect = vi.fn(() => socket) as unknown as typeof io;
  const onInvalidate = vi.fn();
  const onDelta = vi.fn();
  connectRealtime({
    token: 't',
    instance: 'i',
    baseUid: null,
    groups: [],
    onInvalidate,
    onDelta,
    onStatus: () => undefined,
    onSessionEnded: () => undefined,
    connect,
  });
  return { socket, connect, onInvalidate, onDelta };
}

describe('realtime', () => {
  it('with onDelta asks for deltas in the push and forwards them; a malformed one becomes an invalidation', () => {
    const { socket, connect, onInvalidate, onDelta } = connectWithDeltas();
    expect(connect).toHaveBeenCalledWith(
      expect.objectContaining({ auth: { token: 't', instance: 'i', appCode: 'panel', pushDeltas: true } }),
    );
    const payload = { revision: 6, from: 'e.5', uid: 'e.6', data: null };
    socket.fire('delta', payload);
    expect(onDelta).toHaveBeenCalledWith(payload);
    socket.fire('delta', { revision: 'x' });
    expect(onDelta).toHaveBeenCalledTimes(1);
    expect(onInvalidate).toHaveBeenCalledTimes(1);
  });

  it('forwards a compressed delta (gz, base64 text) as it came; a gz that is no text pulls', () => {
    const { socket, onInvalidate, onDelta } = connectWithDeltas();
    const compressed = { revision: 7, from: 'e.6', uid: 'e.7', data: null, gz: 'H4sIAAAAAAAAA6uuBQBDv6ajAgAAAA==' };
    socket.fire('delta', compressed);
    expect(onDelta).toHaveBeenCalledWith(compressed);
    socket.fire('delta', { revision: 8, from: 'e.7', uid: 'e.8', data: null, gz: new ArrayBuffer(24) });
    expect(onDelta).toHaveBeenCalledTimes(1);
    expect(onInvalidate).toHaveBeenCalledTimes(1);
  });

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
      expect.objectContaining({
        path: '/socket.io',
        auth: { token: 't', instance: 'i', appCode: 'panel', pushDeltas: false },
      }),
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

  function start() {
    const socket = fakeSocket();
    const statuses: string[] = [];
    const onSessionEnded = vi.fn();
    const stop = connectRealtime({
      token: 't',
      instance: 'i',
      baseUid: null,
      groups: [],
      onInvalidate: vi.fn(),
      onStatus: (s) => statuses.push(s),
      onSessionEnded,
      connect: vi.fn(() => socket) as unknown as typeof io,
    });
    socket.fire('connect');
    return { socket, statuses, stop, onSessionEnded };
  }

  it('reconnects after a short random delay when the server disconnected it (node shutting down)', () => {
    vi.useFakeTimers();
    try {
      const { socket, statuses, stop } = start();
      socket.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(900);
      expect(socket.connect).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2200);
      expect(socket.connect).toHaveBeenCalledTimes(1);
      expect(statuses.slice(-2)).toEqual(['disconnected', 'connecting']);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a transport close to socket.io-client, and does not come back after its session ended', () => {
    vi.useFakeTimers();
    try {
      const { socket, stop, onSessionEnded } = start();
      socket.fire('disconnect', 'transport close'); // socket.io-client retries by itself
      vi.advanceTimersByTime(5000);
      expect(socket.connect).not.toHaveBeenCalled();
      socket.fire('session-ended');
      socket.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(5000);
      expect(socket.connect).not.toHaveBeenCalled();
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries again when the server could not check the session (database away), not when it refused it', () => {
    vi.useFakeTimers();
    try {
      const { socket, stop } = start();
      Object.assign(socket, { active: false });
      socket.fire('connect_error', new Error('unauthorized'));
      vi.advanceTimersByTime(5000);
      expect(socket.connect).not.toHaveBeenCalled();
      socket.fire('connect_error', new Error('unavailable'));
      vi.advanceTimersByTime(3100);
      expect(socket.connect).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
