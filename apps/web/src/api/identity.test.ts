/** 001 §6: a panel started with a stored session fetches its identity (GET /v2/auth/identity) at start. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/authStore';
import { demoLogin, mockFetch, resetStores } from '../test/utils';
import { refreshIdentity } from './auth';

beforeEach(() => {
  resetStores();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('identity at start', () => {
  it('takes roles, groups and unit from the server instead of the stored copy', async () => {
    useAuthStore.getState().login(demoLogin);
    useAuthStore.getState().setDevice(demoLogin.devices[0]);
    const fresh = { ...demoLogin.user, baseId: 2, groups: ['COIS'], roles: ['admin'] };
    const { calls } = mockFetch({
      'GET /v2/auth/identity': () => ({ status: 200, body: { user: fresh, device: demoLogin.devices[0] } }),
    });
    await refreshIdentity();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /v2/auth/identity']);
    expect(useAuthStore.getState().user).toEqual(fresh);
    expect(useAuthStore.getState()).toMatchObject({ token: 'token-1', deviceConfirmed: true });
  });

  it('a refused session logs out; another failure keeps the stored copy', async () => {
    useAuthStore.getState().login(demoLogin);
    mockFetch({ 'GET /v2/auth/identity': () => ({ status: 503, body: { message: 'x' } }) });
    await refreshIdentity();
    expect(useAuthStore.getState().user).toEqual(demoLogin.user);
    mockFetch({ 'GET /v2/auth/identity': () => ({ status: 401, body: { message: 'x' } }) });
    await refreshIdentity();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('without a stored session nothing is asked', async () => {
    const { calls } = mockFetch({});
    await refreshIdentity();
    expect(calls).toHaveLength(0);
  });
});
