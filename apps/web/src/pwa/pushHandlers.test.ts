import { describe, expect, it } from 'vitest';
import type { WebPushPayload } from '@panel/domain/webPush';
import {
  ACK_URL,
  handleNotificationClick,
  handlePush,
  PANEL_OPEN_EVENT,
  PANEL_PUSH,
  readPayload,
  type NotificationOptionsLike,
  type PushWorker,
  type WindowClientLike,
} from './pushHandlers';

const payload: WebPushPayload = {
  v: 1,
  kind: 'alert',
  reason: 'alert',
  eventId: 42,
  messageId: null,
  title: 'Požár vagonu',
  body: 'PHA-2026-0042 · Praha hl. n.',
  sound: '/v2/assets/sounds/files/3.mp3',
  acceptable: true,
  ack: '7.1999999999.mac',
  at: '2026-11-28T09:30:00.000Z',
};

function fakeWorker(windows: WindowClientLike[] = []) {
  const shown: { title: string; options: NotificationOptionsLike }[] = [];
  const fetched: { url: string; body: string }[] = [];
  const opened: string[] = [];
  const worker: PushWorker = {
    scope: 'https://panel.example/',
    showNotification: async (title, options) => {
      shown.push({ title, options });
    },
    windows: async () => windows,
    openWindow: async (url) => {
      opened.push(url);
      return null;
    },
    fetch: async (url, init) => {
      fetched.push({ url, body: init.body });
      return new Response('{}');
    },
  };
  return { worker, shown, fetched, opened };
}

function fakeWindow(visibilityState: string, focused = false) {
  const posted: unknown[] = [];
  let focusedNow = 0;
  const w: WindowClientLike = {
    url: 'https://panel.example/',
    visibilityState,
    focused,
    focus: async () => {
      focusedNow += 1;
    },
    postMessage: (m) => posted.push(m),
  };
  return { w, posted, focusCount: () => focusedNow };
}

describe('service worker push handlers', () => {
  it('shows the alert with Otevřít and Přijmout, and acknowledges it with its token', async () => {
    const { worker, shown, fetched } = fakeWorker();
    expect(await handlePush(worker, payload)).toBe('shown');
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toBe('Požár vagonu');
    expect(shown[0].options).toMatchObject({
      body: 'PHA-2026-0042 · Praha hl. n.',
      tag: 'panel-event-42',
      requireInteraction: true,
      data: { eventId: 42, kind: 'alert', acceptable: true },
      sound: 'https://panel.example/v2/assets/sounds/files/3.mp3',
    });
    expect(shown[0].options.actions.map((a) => a.title)).toEqual(['Otevřít', 'Přijmout']);
    expect(fetched).toEqual([{ url: `https://panel.example${ACK_URL}`, body: JSON.stringify({ token: payload.ack }) }]);
  });

  it('a visible panel shows nothing twice: it is told, and the push is still acknowledged', async () => {
    const visible = fakeWindow('visible', true);
    const { worker, shown, fetched } = fakeWorker([visible.w]);
    expect(await handlePush(worker, payload)).toBe('visible');
    expect(shown).toEqual([]);
    expect(visible.posted).toEqual([{ type: PANEL_PUSH, eventId: 42, kind: 'alert' }]);
    expect(fetched).toHaveLength(1);
  });

  it('a hidden panel (background tab) gets the notification', async () => {
    const hidden = fakeWindow('hidden');
    const { worker, shown } = fakeWorker([hidden.w]);
    expect(await handlePush(worker, { ...payload, kind: 'message', reason: 'message', messageId: 5 })).toBe('shown');
    expect(shown[0].title).toBe('Nová zpráva: Požár vagonu');
    expect(shown[0].options.actions.map((a) => a.action)).toEqual(['open']);
    expect(shown[0].options.requireInteraction).toBe(false);
  });

  it('ignores what is not our payload, showing and acknowledging nothing', async () => {
    const { worker, shown, fetched } = fakeWorker();
    for (const bad of [null, 'text', { ...payload, v: 2 }, { ...payload, eventId: '42' }, { ...payload, ack: 1 }]) {
      expect(await handlePush(worker, bad)).toBe('ignored');
    }
    expect(shown).toEqual([]);
    expect(fetched).toEqual([]);
    expect(readPayload(payload)).toEqual(payload);
  });

  it('a click focuses the open panel and asks it to open (and accept) the event', async () => {
    const panel = fakeWindow('hidden');
    const { worker, opened } = fakeWorker([panel.w]);
    const data = { eventId: 42, kind: 'alert', acceptable: true };
    expect(await handleNotificationClick(worker, data, 'accept')).toBe('focused');
    expect(panel.focusCount()).toBe(1);
    expect(panel.posted).toEqual([{ type: PANEL_OPEN_EVENT, eventId: 42, accept: true }]);
    await handleNotificationClick(worker, data, '');
    expect(panel.posted.at(-1)).toEqual({ type: PANEL_OPEN_EVENT, eventId: 42, accept: false });
    expect(opened).toEqual([]);
  });

  it('without an open panel a click opens one on the event; Přijmout only where it was offered', async () => {
    const { worker, opened } = fakeWorker();
    await handleNotificationClick(worker, { eventId: 42, kind: 'alert', acceptable: true }, 'accept');
    await handleNotificationClick(worker, { eventId: 43, kind: 'alert', acceptable: false }, 'accept');
    expect(opened).toEqual(['https://panel.example/?event=42&accept=1', 'https://panel.example/?event=43']);
    expect(await handleNotificationClick(worker, null, '')).toBe('ignored');
  });
});
