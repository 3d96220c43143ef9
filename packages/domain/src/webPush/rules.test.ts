import { describe, expect, it } from 'vitest';
import { eventUrl, isAllowedEndpoint, notificationActions, notificationTag, notificationTitle } from './rules';

describe('webPush rules', () => {
  it('accepts https push service URLs only', () => {
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(isAllowedEndpoint('https://127.0.0.1:4430/push/x')).toBe(true);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isAllowedEndpoint('https://user:pw@push.example/x')).toBe(false);
    expect(isAllowedEndpoint('https://push.example/a b')).toBe(false);
    expect(isAllowedEndpoint('javascript:alert(1)')).toBe(false);
  });

  it('titles by reason, one tag per event, Přijmout only for an acceptable alert', () => {
    expect(notificationTitle({ reason: 'alert', title: 'Požár vagonu' })).toBe('Požár vagonu');
    expect(notificationTitle({ reason: 'escalation', title: 'Požár' })).toBe('Eskalace: Požár');
    expect(notificationTitle({ reason: 'reminder', title: ' ' })).toBe('Stále nepřijato: Poplach');
    expect(notificationTag({ kind: 'alert', eventId: 5, messageId: null })).toBe('panel-event-5');
    expect(notificationTag({ kind: 'message', eventId: 5, messageId: 9 })).toBe('panel-message-9');
    expect(notificationActions({ kind: 'alert', acceptable: true }).map((a) => a.title)).toEqual([
      'Otevřít',
      'Přijmout',
    ]);
    expect(notificationActions({ kind: 'alert', acceptable: false }).map((a) => a.action)).toEqual(['open']);
    expect(notificationActions({ kind: 'message', acceptable: true }).map((a) => a.action)).toEqual(['open']);
    expect(eventUrl('https://panel.example/', 12)).toBe('https://panel.example/?event=12');
    expect(eventUrl('https://panel.example', 12, true)).toBe('https://panel.example/?event=12&accept=1');
  });
});
