import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/authStore';
import { demoLogin, mockFetch, resetStores } from '../test/utils';
import { api, ApiError } from './client';

describe('api client', () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.getState().login(demoLogin);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs out on 401 from a session call (the session instance is gone)', async () => {
    mockFetch({ 'POST /v2/app': () => ({ status: 401, body: { result: false, message: 'x' } }) });
    await expect(api.post('/v2/app', { uid: null })).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('keeps the session on a 401 from login', async () => {
    mockFetch({ 'POST /v2/auth/login': () => ({ status: 401, body: { result: false, message: 'x' } }) });
    await expect(api.post('/v2/auth/login', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().token).toBe('token-1');
  });

  it('a new GET of the same kind aborts the previous one', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        return new Promise<Response>((resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => resolve(new Response('{"ok":true}')), 10);
        });
      }),
    );
    const first = api.get('/v2/resources?page=1');
    const second = api.get('/v2/resources?page=2');
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toEqual({ ok: true });
    expect(signals[0].aborted).toBe(true);
  });
});
