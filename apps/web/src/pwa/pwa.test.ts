import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/authStore';
import { demoLogin } from '../test/utils';
import { startAuthBridge, type BridgeContainer } from './authBridge';
import { installBackGuard, installPullToRefreshGuard } from './guards';
import { usePwaStore } from './pwaStore';
import { applyUpdate, registerServiceWorker } from './registerSw';
import { createTokenKeeper, REQUEST_AUTH_TOKEN, SET_TOKEN, SKIP_WAITING } from './swToken';

/** A fake service-worker container: listeners by type, a controller that records what it was posted. */
function fakeContainer() {
  const listeners: Record<string, ((event: MessageEvent) => void)[]> = {};
  const controller = { posted: [] as unknown[], postMessage: (m: unknown) => controller.posted.push(m) };
  const container = {
    controller: controller as typeof controller | null,
    addEventListener: (type: string, l: (event: MessageEvent) => void) => (listeners[type] ??= []).push(l),
    removeEventListener: (type: string, l: (event: MessageEvent) => void) => {
      listeners[type] = (listeners[type] ?? []).filter((x) => x !== l);
    },
    emit: (type: string, event: Partial<MessageEvent> = {}) =>
      (listeners[type] ?? []).forEach((l) => l(event as MessageEvent)),
    listeners,
  };
  return { container, controller };
}

describe('service worker token bridge (page side)', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it('posts SET_TOKEN on start, on login, on request and null on logout', () => {
    const { container, controller } = fakeContainer();
    const stop = startAuthBridge(container as unknown as BridgeContainer);
    expect(controller.posted).toEqual([{ type: SET_TOKEN, token: null }]);
    useAuthStore.getState().login(demoLogin);
    expect(controller.posted.at(-1)).toEqual({ type: SET_TOKEN, token: 'token-1' });

    const source = { posted: [] as unknown[], postMessage: (m: unknown) => source.posted.push(m) };
    container.emit('message', { data: { type: REQUEST_AUTH_TOKEN }, source: source as unknown as MessageEventSource });
    expect(source.posted).toEqual([{ type: SET_TOKEN, token: 'token-1' }]);
    container.emit('message', { data: { type: 'OTHER' }, source: source as unknown as MessageEventSource });
    expect(source.posted).toHaveLength(1);

    useAuthStore.getState().logout();
    expect(controller.posted.at(-1)).toEqual({ type: SET_TOKEN, token: null });

    stop();
    useAuthStore.getState().login(demoLogin);
    expect(controller.posted.at(-1)).toEqual({ type: SET_TOKEN, token: null });
    expect(container.listeners.message).toHaveLength(0);
  });

  it('sends the token to a new controller', () => {
    const { container } = fakeContainer();
    useAuthStore.getState().login(demoLogin);
    startAuthBridge(container as unknown as BridgeContainer);
    const next = { posted: [] as unknown[], postMessage: (m: unknown) => next.posted.push(m) };
    container.controller = next as never;
    container.emit('controllerchange');
    expect(next.posted).toEqual([{ type: SET_TOKEN, token: 'token-1' }]);
  });
});

describe('service worker token keeper (worker side)', () => {
  it('keeps SET_TOKEN in memory, clears it with null, asks the pages when it has none', async () => {
    const page = { posted: [] as unknown[], postMessage: (m: unknown) => page.posted.push(m) };
    const keeper = createTokenKeeper(async () => [page]);
    const asked = keeper.get(1000);
    await Promise.resolve();
    expect(page.posted).toEqual([{ type: REQUEST_AUTH_TOKEN }]);
    expect(keeper.handleMessage({ type: SET_TOKEN, token: 'abc' })).toBe(true);
    await expect(asked).resolves.toBe('abc');
    expect(keeper.current()).toBe('abc');
    expect(keeper.handleMessage({ type: SET_TOKEN, token: 5 })).toBe(false);
    expect(keeper.handleMessage({ type: SET_TOKEN, token: null })).toBe(true);
    expect(keeper.current()).toBeNull();
  });

  it('resolves null when no page answers', async () => {
    vi.useFakeTimers();
    const keeper = createTokenKeeper(async () => []);
    const asked = keeper.get(500);
    await vi.advanceTimersByTimeAsync(500);
    await expect(asked).resolves.toBeNull();
    vi.useRealTimers();
  });
});

/** A registration whose waiting worker appears when the test says so. */
function fakeRegistration() {
  const listeners: Record<string, (() => void)[]> = {};
  const reg = {
    waiting: null as { posted: unknown[]; postMessage: (m: unknown) => void } | null,
    installing: null as unknown,
    update: vi.fn(async () => undefined),
    addEventListener: (type: string, l: () => void) => (listeners[type] ??= []).push(l),
  };
  return reg;
}

describe('service worker registration and update', () => {
  afterEach(() => {
    vi.useRealTimers();
    usePwaStore.setState({ needRefresh: false, registered: false, dismissed: false });
  });

  it('raises swUpdated and the prompt when a new worker is waiting, and checks hourly', async () => {
    vi.useFakeTimers();
    const reg = fakeRegistration();
    const waiting = { posted: [] as unknown[], postMessage: (m: unknown) => waiting.posted.push(m) };
    reg.waiting = waiting;
    const { container } = fakeContainer();
    const register = vi.fn(async () => reg);
    const events: Event[] = [];
    const onUpdated = (e: Event) => events.push(e);
    document.addEventListener('swUpdated', onUpdated);
    const result = await registerServiceWorker(
      { ...container, register } as unknown as ServiceWorkerContainer,
      3_600_000,
    );
    document.removeEventListener('swUpdated', onUpdated);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(events).toHaveLength(1);
    expect(usePwaStore.getState().needRefresh).toBe(true);
    expect(reg.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(reg.update).toHaveBeenCalledTimes(1);
    result?.stop();
  });

  it('does not prompt for the very first install (no controller yet)', async () => {
    const reg = fakeRegistration();
    reg.waiting = { posted: [], postMessage: () => undefined };
    const { container } = fakeContainer();
    container.controller = null;
    const result = await registerServiceWorker({
      ...container,
      register: async () => reg,
    } as unknown as ServiceWorkerContainer);
    expect(usePwaStore.getState().needRefresh).toBe(false);
    result?.stop();
  });

  it('applyUpdate tells the waiting worker to skip waiting, waits for control, then reloads', async () => {
    const reg = fakeRegistration();
    const { container } = fakeContainer();
    const waiting = {
      posted: [] as unknown[],
      postMessage: (m: unknown) => {
        waiting.posted.push(m);
        container.emit('controllerchange');
      },
    };
    reg.waiting = waiting;
    const reload = vi.fn();
    await applyUpdate(
      reg as unknown as ServiceWorkerRegistration,
      container as unknown as ServiceWorkerContainer,
      reload,
    );
    expect(waiting.posted).toEqual([{ type: SKIP_WAITING }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('applyUpdate asks the server for a new worker when none is waiting, and reloads anyway', async () => {
    const reg = fakeRegistration();
    const { container } = fakeContainer();
    const reload = vi.fn();
    await applyUpdate(
      reg as unknown as ServiceWorkerRegistration,
      container as unknown as ServiceWorkerContainer,
      reload,
    );
    expect(reg.update).toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('platform guards', () => {
  it('the back button stays on the panel: a history entry is pushed again on popstate', () => {
    const start = history.length;
    const stop = installBackGuard(window);
    expect(history.length).toBe(start + 1);
    expect(history.state).toEqual({ panelGuard: true });
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(history.length).toBe(start + 2);
    expect(history.state).toEqual({ panelGuard: true });
    stop();
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(history.length).toBe(start + 2);
  });

  it('pull-to-refresh: overscroll off and a downward touch move at the top is cancelled', () => {
    const stop = installPullToRefreshGuard(document);
    expect(document.body.style.overscrollBehavior).toBe('none');
    const touch = (y: number, x = 10) => ({ clientX: x, clientY: y }) as Touch;
    const start = new Event('touchstart') as TouchEvent;
    Object.defineProperty(start, 'touches', { value: [touch(10)] });
    document.dispatchEvent(start);
    const down = new Event('touchmove', { cancelable: true }) as TouchEvent;
    Object.defineProperty(down, 'touches', { value: [touch(80)] });
    document.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    const up = new Event('touchmove', { cancelable: true }) as TouchEvent;
    Object.defineProperty(up, 'touches', { value: [touch(2)] });
    document.dispatchEvent(up);
    expect(up.defaultPrevented).toBe(false);
    const sideways = new Event('touchmove', { cancelable: true }) as TouchEvent;
    Object.defineProperty(sideways, 'touches', { value: [touch(20, 200)] });
    document.dispatchEvent(sideways);
    expect(sideways.defaultPrevented).toBe(false);
    stop();
  });
});
