import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/authStore';
import { useMessagesStore } from '../../stores/messagesStore';
import { demoLogin, mockFetch, resetStores } from '../../test/utils';
import { useToastStore } from '../../ui/toasts';
import { forward, markRead, sendIsv, setTag } from './messageActions';
import { makeMessage } from './testMessages';

const toasts = () => useToastStore.getState().toasts.map((t) => `${t.severity}:${t.message}`);
const tag = { id: 3, code: 'ISV', name: 'ISV', state: 0 as const };

beforeEach(() => {
  resetStores();
  useMessagesStore.getState().clear();
  useAuthStore.getState().login(demoLogin);
});
afterEach(() => vi.unstubAllGlobals());

function isvAnswer(status: number, msg: string) {
  // /ktc/panel/sendMessage is form data: mockFetch cannot parse it, so a tiny stub
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body });
      if (url === '/ktc/panel/sendMessage') return new Response(JSON.stringify({ status, msg }), { status: 200 });
      if (url === '/v2/messages/9/tag/3') {
        return new Response(JSON.stringify(makeMessage(9, { tags: [] })), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

describe('message actions', () => {
  it('ISV: sends the message id and unit to the external system, then applies the tag', async () => {
    const calls = isvAnswer(1, 'OK');
    expect(await sendIsv({ id: 9 }, tag, 'B-PHA')).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /ktc/panel/sendMessage',
      'POST /v2/messages/9/tag/3',
    ]);
    const form = calls[0].body as FormData;
    expect([form.get('id'), form.get('unit_id')]).toEqual(['9', 'B-PHA']);
    expect(toasts()).toContain('success:Požadavek odeslán');
  });

  it('ISV: a status other than 1 shows the msg text and applies nothing', async () => {
    const calls = isvAnswer(0, 'Zprávu nelze předat do ISV');
    expect(await sendIsv({ id: 9 }, tag, 'B-PHA')).toBe(false);
    expect(calls).toHaveLength(1);
    expect(toasts()).toEqual(['error:Zprávu nelze předat do ISV']);
  });

  it('a tag is applied with POST and removed with DELETE; a refusal shows the server message', async () => {
    const { calls } = mockFetch({
      'POST /v2/messages/9/tag/5': () => ({ status: 200, body: makeMessage(9) }),
      'DELETE /v2/messages/9/tag/5': () => ({ status: 403, body: { message: 'Štítek nelze odebrat.' } }),
    });
    expect(await setTag({ id: 9 }, { id: 5 }, true)).toBe(true);
    expect(await setTag({ id: 9 }, { id: 5 }, false)).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /v2/messages/9/tag/5',
      'DELETE /v2/messages/9/tag/5',
    ]);
    expect(toasts()).toEqual(['success:Požadavek odeslán', 'error:Štítek nelze odebrat.']);
  });

  it('a failed read marks the message unread again', async () => {
    mockFetch({ 'POST /v2/messages/4/read': () => ({ status: 500, body: {} }) });
    useMessagesStore.getState().upsert([makeMessage(4, { read: 0 })]);
    await markRead(makeMessage(4, { read: 0 }));
    expect(useMessagesStore.getState().read[4]).toBe(0);
  });

  it('forwarding copies content, media, coordinates and type into the target conversation with a new uuid', async () => {
    const { calls } = mockFetch({ 'POST /v2/messages': () => ({ status: 201, body: makeMessage(20) }) });
    const radio = makeMessage(4, { type: 'X11', content: '', media: ['1-a.mp3'], latitude: 50.1, longitude: 14.4 });
    expect(await forward(radio, 2)).toBe(true);
    expect(calls[0].body).toMatchObject({
      eventId: 1,
      messageCategoryId: 2,
      type: 'X11',
      media: ['1-a.mp3'],
      latitude: 50.1,
      longitude: 14.4,
    });
    expect((calls[0].body as { uuid: string }).uuid).not.toBe(radio.uuid);
  });
});
