/**
 * For the web test files that share one worker (vitest.config.ts, project `web`, `isolate: false`): a fresh
 * worker per file cost ~1.7 s a file (a new jsdom, React and the testing library imported again), ~390 s a run
 * against ~90 s shared.
 * Shared, each file must still find what a fresh worker would give it. After each file this
 * - stops the timers and removes the window listeners the file's code started (an outbox runner's retry timer or
 *   `online` listener, a read-state batch, would otherwise send an earlier file's messages into the next file's
 *   fetch; the document's are left alone: the testing library prepares the document once and listens there),
 * - and has the app's modules evaluated again for the next file (`vi.resetModules`): fresh stores and module
 *   state. Libraries from node_modules stay loaded once, as they would be in the browser.
 * vitest itself restores spies after each file; storage and the DOM are cleared after each test (setup.ts).
 */
import { afterAll, vi } from 'vitest';

interface Leftovers {
  timers: Map<unknown, (id: never) => void>;
  frames: Set<number>;
  listeners: [EventTarget, string, EventListenerOrEventListenerObject | null, unknown][];
}

const KEY = Symbol.for('panel.test.sharedGraph');
const store = globalThis as typeof globalThis & { [KEY]?: Leftovers };

/** Wraps the timer and listener functions once per worker, so that what a file leaves running can be ended. */
function install(): Leftovers {
  const left: Leftovers = { timers: new Map(), frames: new Set(), listeners: [] };
  const g = globalThis as unknown as Record<string, (...args: never[]) => unknown>;
  for (const [start, clear] of [
    ['setTimeout', 'clearTimeout'],
    ['setInterval', 'clearInterval'],
  ] as const) {
    const originalStart = g[start];
    const originalClear = g[clear];
    g[start] = function tracked(this: unknown, handler: unknown, ...rest: never[]) {
      const run =
        typeof handler === 'function' && start === 'setTimeout'
          ? function (this: unknown, ...args: unknown[]) {
              left.timers.delete(id);
              return (handler as (...a: unknown[]) => unknown).apply(this, args);
            }
          : handler;
      const id: unknown = originalStart.call(this, run as never, ...rest);
      left.timers.set(id, originalClear as (id: never) => void);
      return id;
    };
    g[clear] = function untracked(this: unknown, id: never) {
      left.timers.delete(id);
      return originalClear.call(this, id);
    };
  }
  // jsdom runs animation frames on one interval of its own while any is pending: they are cancelled through it
  // (its count of pending frames must reach 0) before the timers go, or no frame would run in a later file
  const requestFrame = window.requestAnimationFrame.bind(window);
  const cancelFrame = window.cancelAnimationFrame.bind(window);
  const request = (callback: FrameRequestCallback) => {
    const handle = requestFrame((time) => {
      left.frames.delete(handle);
      callback(time);
    });
    left.frames.add(handle);
    return handle;
  };
  const cancel = (handle: number) => {
    left.frames.delete(handle);
    cancelFrame(handle);
  };
  // the app calls the global functions, which the jsdom environment copied from the window
  for (const target of [window, globalThis]) {
    Object.assign(target, { requestAnimationFrame: request, cancelAnimationFrame: cancel });
  }
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function trackedListener(this: EventTarget, type, listener, options) {
    if (this === window) left.listeners.push([this, type, listener, options]);
    return add.call(this, type, listener, options as AddEventListenerOptions);
  };
  return left;
}

const left = (store[KEY] ??= install());

afterAll(() => {
  for (const handle of left.frames) cancelAnimationFrame(handle);
  for (const [id, clear] of left.timers) clear(id as never);
  left.timers.clear();
  for (const [target, type, listener, options] of left.listeners) {
    target.removeEventListener(type, listener, options as EventListenerOptions);
  }
  left.listeners.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
