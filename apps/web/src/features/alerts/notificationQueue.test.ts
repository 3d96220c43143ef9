import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMuteStore } from '../../stores/muteStore';
import { useToastStore } from '../../ui/toasts';
import { startNotificationQueue, useNotificationStore, type Notification } from './notificationQueue';

/** A fake player: each playback waits until the test ends it. */
function fakePlayer() {
  const calls: string[] = [];
  const pending: (() => void)[] = [];
  const player = vi.fn((item: Notification, signal: AbortSignal) => {
    calls.push(item.key);
    return new Promise<void>((resolve) => {
      pending.push(resolve);
      signal.addEventListener('abort', () => resolve());
    });
  });
  return { player, calls, finish: () => pending.shift()?.() };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const store = () => useNotificationStore.getState();
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  useToastStore.setState({ toasts: [] });
  useMuteStore.setState({ muted: {} });
  useNotificationStore.setState({ items: [], current: null, stopped: false, paused: false, dialogOpen: false });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the notification queue', () => {
  it('plays one at a time: priority 2 first, then the oldest', async () => {
    const fake = fakePlayer();
    stop = startNotificationQueue({ player: fake.player });
    store().setPaused(true);
    store().push({ key: 'a', type: 'message', title: 'A', url: '/a.mp3', createdAt: 1 });
    store().push({ key: 'b', type: 'message', title: 'B', url: '/b.mp3', createdAt: 2 });
    store().push({ key: 'c', type: 'event', title: 'C', tts: 'C', priority: 2, createdAt: 3 });
    store().push({ key: 'd', type: 'message', title: 'D', url: '/d.mp3', createdAt: 0 });
    store().setPaused(false);
    await flush();
    expect(fake.calls).toEqual(['c']);
    expect(store().current).toBe('c');
    await flush();
    expect(fake.calls).toEqual(['c']); // still one at a time
    fake.finish();
    await flush();
    expect(fake.calls).toEqual(['c', 'd']);
    fake.finish();
    await flush();
    fake.finish();
    await flush();
    fake.finish();
    await flush();
    expect(fake.calls).toEqual(['c', 'd', 'a', 'b']);
    expect(store().items.every((i) => i.state === 1)).toBe(true);
    expect(store().current).toBeNull();
  });

  it('merges by code: a new item replaces the waiting one of the same code when merge is 1', async () => {
    const fake = fakePlayer();
    stop = startNotificationQueue({ player: fake.player });
    store().setPaused(true);
    store().push({ key: 'x1', type: 'message', title: 'první', code: 'MESSAGE_INSERT_5', merge: 1, url: '/m.mp3' });
    store().push({ key: 'x2', type: 'message', title: 'druhá', code: 'MESSAGE_INSERT_5', merge: 1, url: '/m.mp3' });
    store().push({ key: 'y1', type: 'message', title: 'jiná', code: 'OTHER', merge: 0, url: '/m.mp3' });
    store().push({ key: 'y2', type: 'message', title: 'jiná 2', code: 'OTHER', merge: 0, url: '/m.mp3' });
    expect(store().items.map((i) => i.key)).toEqual(['x2', 'y1', 'y2']);
  });

  it('items without sound show as toasts (error without timeout) and finish', async () => {
    const fake = fakePlayer();
    stop = startNotificationQueue({ player: fake.player });
    store().push({ key: 's', type: 'success', title: 'Uloženo' });
    store().push({ key: 'e', type: 'error', title: 'Chyba', content: 'nic' });
    store().push({ key: 'w', type: 'info', method: 'toast', message: 'warning', title: 'Pozor' });
    await flush();
    const toasts = useToastStore.getState().toasts;
    expect(toasts.map((t) => [t.severity, t.message])).toEqual([
      ['success', 'Uloženo'],
      ['error', 'Chyba: nic'],
      ['warning', 'Pozor'],
    ]);
    expect(toasts[0].timeout).toBe(3000);
    expect(toasts[1].timeout).toBeGreaterThan(24 * 3600_000);
    expect(store().items.map((i) => i.state)).toEqual([1, 1, 1]);
    expect(fake.player).not.toHaveBeenCalled();
  });

  it('an unconfirmed dialog item sounds again every `loops` ms until confirmed', async () => {
    const played: string[] = [];
    stop = startNotificationQueue({
      player: async (item) => {
        played.push(item.key);
      },
    });
    store().push({ key: 'alarm', type: 'event', title: 'Požár', url: '/s.mp3', loops: 15_000 });
    await flush();
    expect(played).toEqual(['alarm']);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(played).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(played).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(played).toHaveLength(3);
    expect(store().items[0].played).toBe(3);
    store().confirm('alarm');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(played).toHaveLength(3);
    expect(store().items).toHaveLength(0);
  });

  it('confirming the playing item cuts it off and the next one plays', async () => {
    const fake = fakePlayer();
    stop = startNotificationQueue({ player: fake.player });
    store().push({ key: 'a', type: 'event', title: 'A', url: '/a.mp3', loops: 15_000 });
    store().push({ key: 'b', type: 'message', title: 'B', url: '/b.mp3' });
    await flush();
    expect(store().current).toBe('a');
    store().confirm('a');
    await flush();
    expect(fake.calls).toEqual(['a', 'b']);
  });

  it('muted events make no sound (the card stays)', async () => {
    const fake = fakePlayer();
    stop = startNotificationQueue({ player: fake.player });
    useMuteStore.getState().setMuted('ev-1', true);
    store().push({ key: 'm', type: 'event', title: 'Ztlumená', url: '/s.mp3', loops: 15_000, eventUuid: 'ev-1' });
    store().push({ key: 'n', type: 'event', title: 'Jiná', url: '/s.mp3', eventUuid: 'ev-2' });
    await flush();
    expect(fake.calls).toEqual(['n']);
    fake.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.calls).toEqual(['n']);
    expect(store().items.map((i) => [i.key, i.state])).toEqual([
      ['m', 1],
      ['n', 1],
    ]);
  });

  it('stopped: no sound at all; a failed playback is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stop = startNotificationQueue({ player: () => Promise.reject(new Error('autoplay refused')) });
    store().push({ key: 'f', type: 'message', title: 'F', url: '/f.mp3' });
    await flush();
    expect(warn).toHaveBeenCalledWith('[alerts] playback failed', 'MESSAGE', expect.any(Error));
    expect(store().items[0].state).toBe(1);
    const fake = fakePlayer();
    stop();
    stop = startNotificationQueue({ player: fake.player });
    store().setStopped(true);
    store().push({ key: 'g', type: 'message', title: 'G', url: '/g.mp3' });
    await flush();
    expect(fake.player).not.toHaveBeenCalled();
    expect(store().items[0].state).toBe(1);
    warn.mockRestore();
  });
});
