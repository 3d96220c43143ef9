import { describe, expect, it } from 'vitest';
import { buildAbility } from '@panel/domain/auth';
import {
  canCancel,
  canSend,
  canSendScreenshot,
  initialScreenshotState,
  screenshotFileName,
  screenshotMessage,
  screenshotReducer,
  type ScreenshotAction,
  type ScreenshotState,
} from './rules';

const allow = { can: () => true };
const deny = { can: () => false };

describe('who may send a map screenshot', () => {
  it('needs manage Message2, a saved event and a category type that is not call/chat/monitor/support', () => {
    expect(canSendScreenshot(allow, { id: 5 }, 'event')).toBe(true);
    expect(canSendScreenshot(allow, { id: 5 }, 'data')).toBe(true);
    for (const type of ['call', 'chat', 'monitor', 'support'] as const) {
      expect(canSendScreenshot(allow, { id: 5 }, type)).toBe(false);
    }
    expect(canSendScreenshot(allow, { id: null }, 'event')).toBe(false);
    expect(canSendScreenshot(allow, { id: 0 }, 'event')).toBe(false);
    expect(canSendScreenshot(allow, null, 'event')).toBe(false);
    expect(canSendScreenshot(deny, { id: 5 }, 'event')).toBe(false);
  });

  it('asks the ability for manage Message2', () => {
    const asked: unknown[] = [];
    canSendScreenshot({ can: (...args: unknown[]) => (asked.push(args), true) } as never, { id: 5 }, 'event');
    expect(asked).toEqual([['manage', 'Message2']]);
    // a real ability: an event with a conversation of type 2 grants it, the MNG group's own view only does not
    const user = { id: 1, baseId: 3, roles: [], groups: [] };
    const withConversation = buildAbility({
      user,
      permissions: [],
      activeEvent: { id: 5, conversations: [{ type: 2 }] },
      eventRoles: [],
    });
    expect(canSendScreenshot(withConversation, { id: 5 }, 'event')).toBe(true);
  });
});

describe('screenshot message', () => {
  const at = new Date('2025-03-01T09:15:07Z'); // 10:15:07 in Prague
  it('file name: eventId-YYYYMMDD_HHmmss-deviceCode.jpg', () => {
    expect(screenshotFileName(42, at, 'X001')).toBe('42-20250301_101507-X001.jpg');
  });

  it('body: X21 in conversation 1 with the jpg, tts and validity; content code, type, address, HH:mm', () => {
    const body = screenshotMessage({
      uuid: 'u-1',
      event: { id: 42, code: 'PHA-2025-0412', address: 'Praha-Libeň, žst., kolej 3' },
      eventTypeName: 'Požár kolejového vozidla',
      fileName: '42-20250301_101507-X001.jpg',
      at,
    });
    expect(body).toEqual({
      uuid: 'u-1',
      eventId: 42,
      content: 'PHA-2025-0412, Požár kolejového vozidla, Praha-Libeň, žst., kolej 3, 10:15',
      messageCategoryId: 1,
      type: 'X21',
      media: ['42-20250301_101507-X001.jpg'],
      data: { tts: 'Zaslán snímek mapy', validity: 60 },
    });
    const bare = screenshotMessage({
      uuid: 'u',
      event: { id: 1, code: null, address: null },
      eventTypeName: null,
      fileName: 'f.jpg',
      at,
    });
    expect(bare.content).toBe('10:15');
  });
});

describe('screenshot dialog states', () => {
  const image = new Blob(['x'], { type: 'image/jpeg' });
  const run = (...actions: ScreenshotAction[]) =>
    actions.reduce<ScreenshotState>((s, a) => screenshotReducer(s, a), initialScreenshotState);

  it('capturing → ready → sending → closed; buttons only when idle', () => {
    const capturing = run({ type: 'open' });
    expect(capturing.phase).toBe('capturing');
    expect(canCancel(capturing)).toBe(false);
    expect(canSend(capturing)).toBe(false);

    const ready = run({ type: 'open' }, { type: 'captured', image });
    expect(ready.phase).toBe('ready');
    expect(canCancel(ready)).toBe(true);
    expect(canSend(ready)).toBe(true);

    const sending = screenshotReducer(ready, { type: 'send' });
    expect(sending.phase).toBe('sending');
    expect(canCancel(sending)).toBe(false);
    expect(canSend(sending)).toBe(false);
    // closing is refused while sending
    expect(screenshotReducer(sending, { type: 'close' })).toBe(sending);

    // a failed send stays with the image, buttons back
    const failed = screenshotReducer(sending, { type: 'sendFailed' });
    expect(failed).toMatchObject({ phase: 'ready', image });
    expect(canSend(failed)).toBe(true);
    expect(screenshotReducer(failed, { type: 'close' })).toEqual(initialScreenshotState);
  });

  it('a failed capture can be cancelled but not sent; late answers are ignored', () => {
    const failed = run({ type: 'open' }, { type: 'captureFailed', error: 'CORS' });
    expect(failed).toMatchObject({ phase: 'failed', error: 'CORS' });
    expect(canCancel(failed)).toBe(true);
    expect(canSend(failed)).toBe(false);
    expect(screenshotReducer(failed, { type: 'send' })).toBe(failed);
    expect(run({ type: 'captured', image }).phase).toBe('closed');
  });
});
