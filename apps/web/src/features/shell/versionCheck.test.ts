/** 000 §8 / 001 §8 "Failed version check sets a network error" (8.34); a later success clears it. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../stores/appStore';
import { checkVersion } from './versionCheck';

const answer = async () => ({ hash: 'h1', version: '1.0.0', commit: 'abc1234' });

beforeEach(() => useAppStore.setState({ hash: null, newVersion: false, networkError: false }));

describe('version check failure', () => {
  it('a failed check sets the network error and changes neither the hash nor the update flag', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await checkVersion(answer);
    expect(useAppStore.getState()).toMatchObject({ hash: 'h1', networkError: false });
    await checkVersion(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(useAppStore.getState()).toMatchObject({ hash: 'h1', networkError: true, newVersion: false });
    await checkVersion(answer);
    expect(useAppStore.getState()).toMatchObject({ networkError: false, newVersion: false });
  });
});
