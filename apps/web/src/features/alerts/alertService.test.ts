import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import type { EventCategory } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { useToastStore } from '../../ui/toasts';
import { makeEvent } from '../../test/factories';
import { demoLogin, resetStores } from '../../test/utils';
import { makeMessage } from '../messages/testMessages';
import { ALERT_REPEAT } from '@panel/domain/constants';
import { dismissAllAlerts, startAlerts } from './alertService';
import { useNotificationStore } from './notificationQueue';

const library = {
  assets: '/snd',
  types: [
    { id: 2, code: 'alarm', name: 'Poplach', type: 'event' },
    { id: 4, code: 'message', name: 'Nová zpráva', type: 'message' },
  ],
};
const category = (id: number, patch: Partial<EventCategory> = {}) =>
  ({ id, code: 'KOPIS', type: 'event', alert: 1, soundAssetId: 2, icon: 'fire', ...patch }) as EventCategory;
const alertEvent = (id: number, patch = {}) =>
  makeEvent(id, {
    eventCategoryId: 3,
    eventStateId: 0,
    deviceId: null,
    eventRoles: [50],
    alert: { title: `Poplach ${id}`, subtitle: 'Praha', description: 'Vykolejení' },
    ...patch,
  });

let stop: () => void = () => {};
const items = () => useNotificationStore.getState().items;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  resetStores();
  localStorage.clear();
  useAuthStore.getState().login(demoLogin);
  useAuthStore.getState().setDevice({ id: 11, name: 'Pracoviště 1', code: 'X001' });
  useNotificationStore.setState({ items: [], current: null, stopped: false, paused: false, dialogOpen: false });
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    eventCategories: [category(3), category(9, { code: 'EVENT', alert: 0 }), category(4, { soundAssetId: null })],
    userPermissions: ['event.update', 'event.updateState'],
    events: [alertEvent(1), alertEvent(2, { eventStateId: 2 })],
  });
});
afterEach(() => stop());

async function start() {
  const player = vi.fn(async () => {});
  stop = startAlerts({ player, loadLibrary: async () => library });
  await flush();
  return player;
}

describe('the alerts service', () => {
  it('at start raises only the events still waiting in state 0; later arrivals by alertDecision', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const player = await start();
    expect(items().map((i) => i.key)).toEqual(['event:uuid-1']);
    expect(items()[0]).toMatchObject({
      code: 'EVENT_NEW',
      url: '/snd/2.mp3',
      tts: null,
      priority: 2,
      loops: ALERT_REPEAT,
    });
    expect(useNotificationStore.getState().dialogOpen).toBe(true);

    useEntitiesStore.getState().applyBundle({
      events: [
        alertEvent(3, { eventStateId: 1 }),
        alertEvent(4, { eventCategoryId: 9 }),
        alertEvent(5, { deviceId: 11 }),
        alertEvent(6, { eventCategoryId: 4 }),
      ],
    });
    await flush();
    expect(items().map((i) => i.key)).toEqual(['event:uuid-1', 'event:uuid-3', 'event:uuid-6']);
    expect(items()[1].loops).toBe(0); // not waiting: no repeat
    // no sound in the category: the alert title is spoken
    expect(items()[2]).toMatchObject({ url: null, tts: 'Poplach 6' });
    expect(info).toHaveBeenCalledWith('[alerts] skipped', expect.anything(), 'category-alerts-off');
    expect(info).toHaveBeenCalledWith('[alerts] skipped', expect.anything(), 'own-device');
    expect(player).toHaveBeenCalled();
    info.mockRestore();
  });

  it('sounds again when the server takes an escalation step, also after the user put it away', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await start();
    dismissAllAlerts();
    expect(items()).toEqual([]);
    const escalation = (step: number) => ({
      step,
      taken: [{ step: 1 as const, at: '2026-11-28 10:01:00', detail: null }],
      next: { step: 2 as const, at: '2026-11-28 10:02:00' },
      reason: null,
    });
    const alert = { title: 'Poplach 1', subtitle: 'Praha', description: 'Vykolejení' };
    useEntitiesStore
      .getState()
      .applyBundle({ events: [alertEvent(1, { alert: { ...alert, escalation: escalation(1) } })] });
    await flush();
    expect(items().map((i) => [i.key, i.loops])).toEqual([['event:uuid-1', ALERT_REPEAT]]);
    expect(useNotificationStore.getState().dialogOpen).toBe(true);
    // the same step again (another delta of the event) does not sound again
    dismissAllAlerts();
    useEntitiesStore.getState().applyBundle({
      events: [alertEvent(1, { description: 'x', alert: { ...alert, escalation: escalation(1) } })],
    });
    await flush();
    expect(items()).toEqual([]);
    // an accepted event does not sound for a late step
    useEntitiesStore.getState().applyBundle({
      events: [alertEvent(1, { eventStateId: 1, alert: { ...alert, escalation: escalation(2) } })],
    });
    await flush();
    expect(items()).toEqual([]);
    info.mockRestore();
  });

  it('remembers raised events: after a restart only state-0 ones come again', async () => {
    await start();
    useEntitiesStore.getState().applyBundle({ events: [alertEvent(3, { eventStateId: 1 })] });
    await flush();
    expect(items()).toHaveLength(2);
    stop();
    await start();
    expect(items().map((i) => i.key)).toEqual(['event:uuid-1']);
  });

  it('an event accepted elsewhere closes its waiting alert; the event view can request an alert', async () => {
    await start();
    useEntitiesStore.getState().applyBundle({ events: [alertEvent(1, { eventStateId: 1 })] });
    expect(items()).toEqual([]);
    useUiStore.getState().requestAlert?.('uuid-2');
    expect(items().map((i) => i.key)).toEqual(['event:uuid-2']);
  });

  it("alerts the user put away ('Smazat všechna upozornění') stay away after a restart; others' come again", async () => {
    await start();
    dismissAllAlerts();
    expect(items()).toEqual([]);
    stop();
    await start();
    expect(items()).toEqual([]);
    // another user of this browser still gets the waiting event's alert
    stop();
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, id: 8 } });
    useAuthStore.getState().setDevice({ id: 11, name: 'Pracoviště 1', code: 'X001' });
    await start();
    expect(items().map((i) => i.key)).toEqual(['event:uuid-1']);
  });

  it('an alert waiting in state 0 that somebody else accepted closes at once, saying who took it', async () => {
    await start();
    expect(items().map((i) => i.key)).toEqual(['event:uuid-1']);
    const acceptedBy = { userId: 99, name: 'Tomáš Dvořák', deviceId: 5, at: '2026-11-21 09:06:00' };
    useEntitiesStore.getState().applyBundle({
      events: [alertEvent(1, { eventStateId: 1, alert: { ...alertEvent(1).alert!, acceptedBy } })],
    });
    await flush();
    expect(items()).toEqual([]);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'Událost byla přiřazena. Přijal(a): Tomáš Dvořák (Poplach 1)',
    );
  });

  it('a user who may not accept gets the waiting alert once, without repeating', async () => {
    useEntitiesStore.getState().applyBundle({ userPermissions: [] });
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, groups: ['MNG'] } });
    useAuthStore.getState().setDevice({ id: 11, name: 'Pracoviště 1', code: 'X001' });
    const player = await start();
    expect(items().map((i) => [i.key, i.loops])).toEqual([['event:uuid-1', 0]]);
    expect(player).toHaveBeenCalledTimes(1);
  });

  it('message alerts: new, not own, unread; the sound dialog for INST types on role 51', async () => {
    await start();
    const now = toWireTime(new Date());
    useEntitiesStore.getState().applyBundle({
      events: [alertEvent(1, { eventStateId: 1, eventRoles: [51] })],
      messages: [
        makeMessage(10, { read: 0, createdAt: now, userId: 99 }),
        makeMessage(11, { read: 0, createdAt: now, userId: 7 }),
        makeMessage(12, { read: 1, createdAt: now }),
        makeMessage(13, { read: 0, createdAt: '2020-01-01 10:00:00' }),
        makeMessage(14, { read: 0, createdAt: now, type: 'INST-01' }),
        // a radio recording plays by itself (audioAutoplay): its card comes without the message tone
        makeMessage(15, { read: 0, createdAt: now, type: 'X11', content: '', media: ['1-x.mp3'] }),
      ],
    });
    await flush();
    const messages = items().filter((i) => i.type === 'message');
    expect(messages.map((i) => [i.code, i.modal, i.priority, i.url])).toEqual([
      ['MESSAGE_INSERT_10', false, 1, '/snd/4.mp3'],
      ['MESSAGE_INSERT_14', true, 2, '/snd/4.mp3'],
      ['MESSAGE_INSERT_15', false, 1, null],
    ]);
    expect(messages[1].loops).toBe(ALERT_REPEAT);
  });

  it('a call of the central base waiting in state 0: a quiet trace on the bell, no sound, no dialog', async () => {
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, baseId: 2, groups: ['COIS'] } });
    useAuthStore.getState().setDevice({ id: 11, name: 'Pracoviště 1', code: 'X001' });
    useEntitiesStore.getState().applyBundle({
      eventCategories: [category(7, { code: 'DZIN-CALL', type: 'call' })],
      events: [alertEvent(20, { eventCategoryId: 7, baseId: 2, alert: { title: 'Příchozí volání' } })],
    });
    await start();
    // on the bell (a dialog item) but without a sound or speech, never repeating, below the alerts
    const trace = items().find((i) => i.key === 'event:uuid-20');
    expect(trace).toMatchObject({ code: 'EVENT_MISSED_CALL', method: 'dialog', url: null, tts: null, loops: 0 });
    expect(trace?.priority).toBe(1);

    // the call was taken on the phone (state 1 without an acceptance here): the trace goes without a word
    const toasts = useToastStore.getState().toasts.length;
    useEntitiesStore.getState().applyBundle({
      events: [alertEvent(20, { eventCategoryId: 7, baseId: 2, eventStateId: 1, alert: { title: 'Příchozí volání' } })],
    });
    await flush();
    expect(items().find((i) => i.key === 'event:uuid-20')).toBeUndefined();
    expect(useToastStore.getState().toasts.length).toBe(toasts);
  });
});
