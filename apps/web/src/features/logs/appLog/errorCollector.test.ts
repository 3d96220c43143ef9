import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, resetStores } from '../../../test/utils';
import { useAuthStore } from '../../../stores/authStore';
import { loginWithBundle } from '../../devices/testDevices';
import { autoSendStateLog, installErrorCollector, recordError, REPORT_PERIOD_MS } from './errorCollector';
import { errorCount, getErrors, resetErrorStore, unreportedCount } from './errorStore';

let uninstall: () => void = () => {};
const originalConsoleError = console.error;

function server() {
  return mockFetch({
    'POST /v2/logs/errors': ({ body }) => ({
      status: 200,
      body: { result: true, stored: JSON.parse(String(body)).errors.length, dropped: 0 },
    }),
  });
}

/** mockFetch keys are exact paths: the state upload path has a time stamp, so match it by prefix. */
function withStateUpload(calls: ReturnType<typeof mockFetch>['calls'], fn: ReturnType<typeof mockFetch>['fn']) {
  const inner = fn.getMockImplementation()!;
  fn.mockImplementation(async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/v2/logs/log/11/')) {
      calls.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)), headers: {} });
      return new Response(JSON.stringify({ result: true }), { status: 201 });
    }
    return inner(url, init);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  resetStores();
  resetErrorStore();
  loginWithBundle();
  console.error = vi.fn();
});
afterEach(() => {
  uninstall();
  console.error = originalConsoleError;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('error collector', () => {
  it('collects window errors, unhandled rejections and console.error', () => {
    const consoleSpy = console.error;
    uninstall = installErrorCollector();
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught TypeError: x',
        error: new TypeError('x'),
        filename: 'app.js',
        lineno: 3,
        colno: 9,
      }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('nope') });
    window.dispatchEvent(rejection);
    console.error('Chyba', { code: 5 });
    expect(consoleSpy).toHaveBeenCalledWith('Chyba', { code: 5 }); // the original still runs
    expect(getErrors().map((e) => [e.kind, e.message])).toEqual([
      ['error', 'Uncaught TypeError: x'],
      ['rejection', 'nope'],
      ['console', 'Chyba {"code":5}'],
    ]);
    expect(getErrors()[0].url).toBe('app.js:3:9');
    uninstall();
    expect(console.error).toBe(consoleSpy);
  });

  it('keeps the last 500', () => {
    useAuthStore.getState().logout(); // no session: no automatic state log from this test
    for (let i = 0; i < 520; i++) recordError(new Error(`e${i}`));
    expect(errorCount()).toBe(500);
    expect(getErrors()[0].message).toBe('e20');
  });

  it('reports new errors every 30 s in batches of at most 30, only with a session', async () => {
    const { calls } = server();
    uninstall = installErrorCollector();
    for (let i = 0; i < 40; i++) recordError(new Error(`e${i}`));
    await act(() => vi.advanceTimersByTimeAsync(REPORT_PERIOD_MS - 1));
    expect(calls.filter((c) => c.url === '/v2/logs/errors')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const reports = () => calls.filter((c) => c.url === '/v2/logs/errors');
    expect(reports()).toHaveLength(1);
    const first = reports()[0].body as { errors: { message: string; at: string }[] };
    expect(first.errors).toHaveLength(30);
    expect(first.errors[0]).toMatchObject({ message: 'e0', at: expect.any(String) });
    await act(() => vi.advanceTimersByTimeAsync(REPORT_PERIOD_MS));
    expect(reports()).toHaveLength(2);
    expect((reports()[1].body as { errors: unknown[] }).errors).toHaveLength(10);
    // nothing new: no call
    await act(() => vi.advanceTimersByTimeAsync(REPORT_PERIOD_MS));
    expect(reports()).toHaveLength(2);
    // logged out: kept for later
    useAuthStore.getState().logout();
    recordError(new Error('later'));
    await act(() => vi.advanceTimersByTimeAsync(REPORT_PERIOD_MS));
    expect(reports()).toHaveLength(2);
    expect(unreportedCount()).toBe(1);
  });

  it('a failed report puts the batch back', async () => {
    mockFetch({ 'POST /v2/logs/errors': () => ({ status: 500 }) });
    uninstall = installErrorCollector();
    recordError(new Error('x'));
    await act(() => vi.advanceTimersByTimeAsync(REPORT_PERIOD_MS));
    expect(unreportedCount()).toBe(1);
  });

  it('over 100 errors the state log is sent automatically and the errors cleared', async () => {
    const { calls, fn } = server();
    withStateUpload(calls, fn);
    uninstall = installErrorCollector();
    for (let i = 0; i < 100; i++) recordError(new Error(`e${i}`));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.filter((c) => c.url.startsWith('/v2/logs/log/'))).toHaveLength(0);
    expect(errorCount()).toBe(100);
    recordError(new Error('e100'));
    await vi.waitFor(() => expect(errorCount()).toBe(0));
    const uploads = calls.filter((c) => c.url.startsWith('/v2/logs/log/'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0].url).toMatch(/^\/v2\/logs\/log\/11\/\d{14}\/state\.json$/);
    expect((uploads[0].body as { errors: unknown[] }).errors).toHaveLength(101);
    expect(errorCount()).toBe(0);
  });

  it('a failed automatic send keeps the errors and waits before trying again', async () => {
    const { calls } = mockFetch({});
    uninstall = installErrorCollector();
    for (let i = 0; i < 101; i++) recordError(new Error(`e${i}`));
    const attempts = () => calls.filter((c) => c.url.startsWith('/v2/logs/log/')).length;
    await vi.waitFor(() => expect(attempts()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(errorCount()).toBe(101);
    recordError(new Error('again'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(attempts()).toBe(1);
    expect(await autoSendStateLog()).toBe(false);
  });
});
