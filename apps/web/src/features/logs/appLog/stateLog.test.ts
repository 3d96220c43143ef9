import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, resetStores } from '../../../test/utils';
import { makeEvent } from '../../../test/factories';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useOutboxStore } from '../../../stores/outboxStore';
import { useUiStore } from '../../../stores/uiStore';
import { useAuthStore } from '../../../stores/authStore';
import { loginWithBundle, makeDevice } from '../../devices/testDevices';
import { recordError } from './errorCollector';
import { resetErrorStore } from './errorStore';
import { buildStateLog, NoDeviceError, sendStateLog, stateStamp, toPlain } from './stateLog';

beforeEach(() => {
  resetStores();
  resetErrorStore();
  useOutboxStore.setState({ items: [] });
  loginWithBundle({ devices: [makeDevice(1, 'M-1'), makeDevice(2, 'T-1')] });
  useEntitiesStore.getState().applyBundle({ events: [makeEvent(41), makeEvent(42, { code: 'U-42' })] });
  useUiStore.getState().setActiveEvent('uuid-42');
});
afterEach(() => vi.unstubAllGlobals());

describe('state log', () => {
  it('stamp is YYYYMMDDHHmmss in Prague time', () => {
    expect(stateStamp(new Date('2026-03-10T12:04:05Z'))).toBe('20260310130405');
  });

  it('carries auth without the token, app, setup, entity counts, the active event, errors and the outbox', async () => {
    recordError(new Error('boom'));
    useOutboxStore.getState().add({
      uuid: 'o-1',
      userId: 7,
      eventId: 42,
      eventUuid: 'uuid-42',
      messageCategoryId: 1,
      content: 'čeká',
      createdAt: '2026-03-10 13:00:00',
      attempts: 2,
    });
    const log = await buildStateLog(new Date('2026-03-10T12:00:00Z'));
    const text = JSON.stringify(log);
    expect(text).not.toContain('token-1');
    expect(log.auth).not.toHaveProperty('token');
    expect(log.auth).toMatchObject({ user: { username: 'dispecer', baseId: 3 }, device: { id: 11 } });
    expect(log.app).toMatchObject({ code: 'panel' });
    expect(log.setup).toMatchObject({ autoRefresh: true, sendOnEnter: true });
    expect(log.entities).toMatchObject({
      uid: '1.1',
      counts: { devices: 2, events: 2, bases: 3 },
      activeEvent: { id: 42, uuid: 'uuid-42', code: 'U-42', local: false },
    });
    expect(log.errors).toEqual([expect.objectContaining({ message: 'boom', kind: 'error' })]);
    expect(log.outbox).toEqual([expect.objectContaining({ uuid: 'o-1', attempts: 2 })]);
    expect(log).toHaveProperty('notifications');
    expect(log.createdAt).toBe('2026-03-10 13:00:00');
  });

  it('POSTs the JSON to /v2/logs/log/{deviceId}/{stamp}/state.json', async () => {
    const { calls } = mockFetch({
      'POST /v2/logs/log/11/20260310130000/state.json': () => ({ status: 201, body: { result: true } }),
    });
    await sendStateLog(new Date('2026-03-10T12:00:00Z'));
    expect(calls).toHaveLength(1);
    expect(calls[0].headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer token-1' });
    expect(calls[0].body).toMatchObject({ auth: { device: { id: 11 } }, entities: { counts: { events: 2 } } });
  });

  it('refuses without a confirmed device', async () => {
    useAuthStore.getState().logout();
    await expect(sendStateLog()).rejects.toBeInstanceOf(NoDeviceError);
  });

  it('toPlain drops functions and cuts cycles', () => {
    const a: Record<string, unknown> = { x: 1, f: () => 1 };
    a.self = a;
    expect(toPlain(a)).toEqual({ x: 1, self: '[circular]' });
  });
});
