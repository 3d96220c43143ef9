import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../ui/toasts';
import {
  allowWebPush,
  declineWebPush,
  keyBytes,
  startWebPush,
  subscribePush,
  type PushEnvironment,
} from './webPushService';
import { readMemory, useWebPushStore, WEB_PUSH_KEY } from './webPushStore';

const api = vi.hoisted(() => ({
  key: vi.fn(async () => ({ publicKey: 'BAEC' })),
  subscribe: vi.fn(async (_body: unknown) => ({ id: 1 })),
  unsubscribe: vi.fn(async () => ({ removed: 1 })),
}));
vi.mock('../../api/webPush', () => ({ webPushApi: api }));

function fakeEnv(opts: { permission?: NotificationPermission; answer?: NotificationPermission; fail?: boolean }) {
  let permission = opts.permission ?? 'default';
  const subscribe = vi.fn(async () => {
    if (opts.fail) throw new DOMException('Registration failed - push service error', 'AbortError');
    return {
      options: { applicationServerKey: keyBytes('BAEC').buffer },
      toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe: async () => true,
    };
  });
  const env: PushEnvironment = {
    permission: () => permission,
    requestPermission: async () => {
      permission = opts.answer ?? 'granted';
      return permission;
    },
    registration: async () =>
      ({ pushManager: { getSubscription: async () => null, subscribe } }) as unknown as ServiceWorkerRegistration,
  };
  return { env, subscribe };
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

describe('web push in the panel', () => {
  beforeEach(() => {
    localStorage.removeItem(WEB_PUSH_KEY);
    useWebPushStore.setState({ ask: false });
    useToastStore.setState({ toasts: [] });
    api.subscribe.mockClear();
  });

  it('asks once after the device is confirmed; Teď ne is remembered', () => {
    const { env } = fakeEnv({});
    startWebPush(env);
    expect(useWebPushStore.getState().ask).toBe(true);
    declineWebPush();
    expect(useWebPushStore.getState().ask).toBe(false);
    expect(readMemory().asked).toBe(true);
    startWebPush(env);
    expect(useWebPushStore.getState().ask).toBe(false);
  });

  it('Povolit asks the browser, subscribes and registers the subscription for the device', async () => {
    const { env, subscribe } = fakeEnv({ answer: 'granted' });
    startWebPush(env);
    await allowWebPush(env);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.subscribe).toHaveBeenCalledWith({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    });
    expect(toasts()).toContain('Upozornění při zavřeném panelu jsou zapnutá.');
  });

  it('a browser that refuses gets one Czech notice, nothing is sent', async () => {
    const { env } = fakeEnv({ answer: 'denied' });
    await allowWebPush(env);
    expect(api.subscribe).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['Upozornění prohlížeč nepovolil; poplachy uvidíte jen v otevřeném panelu.']);
  });

  it('no reachable push service: one notice ever, no loop, the next session tries quietly', async () => {
    const { env, subscribe } = fakeEnv({ permission: 'granted', fail: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await subscribePush(env)).toBe(false);
    expect(await subscribePush(env)).toBe(false);
    expect(subscribe).toHaveBeenCalledTimes(2);
    expect(toasts()).toEqual(['Upozornění při zavřeném panelu nejsou v tomto prohlížeči dostupná.']);
    warn.mockRestore();
  });
});
