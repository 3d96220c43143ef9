import { describe, expect, it } from 'vitest';
import type { MessageTag } from '@panel/domain/sync';
import {
  attachmentError,
  attachmentFileName,
  bubbleTime,
  canConfirmMessage,
  extensionOf,
  mediaKind,
  tagClickAction,
  ATTACHMENT_TYPE_ERROR,
} from './rules';

const MB = 1024 * 1024;

describe('attachmentFileName', () => {
  it('is {eventId}-{YYYYMMDD_HHmmss}-{deviceCode}.{ext} in Prague time', () => {
    // 2025-03-04 09:05:06 UTC is 10:05:06 in Prague (CET)
    expect(attachmentFileName(42, new Date('2025-03-04T09:05:06Z'), 'X001', 'JPG')).toBe('42-20250304_100506-X001.jpg');
    // summer time: +2
    expect(attachmentFileName(7, new Date('2025-07-01T22:30:00Z'), 'D2', 'pdf')).toBe('7-20250702_003000-D2.pdf');
  });
});

describe('attachment checks', () => {
  it('takes jpg, pdf and mp3 only', () => {
    expect(attachmentError({ name: 'a.jpg', size: 10 }, 5)).toBeNull();
    expect(attachmentError({ name: 'a.PDF', size: 10 }, 5)).toBeNull();
    expect(attachmentError({ name: 'a.mp3', size: 10 }, 5)).toBeNull();
    expect(attachmentError({ name: 'a.png', size: 10 }, 5)).toBe(ATTACHMENT_TYPE_ERROR);
    expect(attachmentError({ name: 'noext', size: 10 }, 5)).toBe(ATTACHMENT_TYPE_ERROR);
  });
  it('refuses a file over the limit with the spec text', () => {
    expect(attachmentError({ name: 'a.jpg', size: 5 * MB }, 5)).toBeNull();
    expect(attachmentError({ name: 'a.jpg', size: 5 * MB + 1 }, 5)).toBe('Příloha překročila povolenou velikost 5MB.');
    expect(attachmentError({ name: 'a.jpg', size: 6 * MB }, 10)).toBeNull();
    expect(attachmentError({ name: 'a.jpg', size: 11 * MB }, 10)).toBe('Příloha překročila povolenou velikost 10MB.');
  });
  it('extensionOf', () => {
    expect(extensionOf('x.tar.GZ')).toBe('gz');
    expect(extensionOf('x')).toBe('');
  });
});

describe('canConfirmMessage', () => {
  const m = { userId: 2, type: 'X03', data: null };
  it('confirms a foreign, unconfirmed message that is not X05', () => {
    expect(canConfirmMessage(m, 1)).toBe(true);
  });
  it('not own, not X05, not confirmed', () => {
    expect(canConfirmMessage(m, 2)).toBe(false);
    expect(canConfirmMessage({ ...m, type: 'X05' }, 1)).toBe(false);
    expect(canConfirmMessage({ ...m, data: { confirmedAt: '2025-01-01 10:00:00' } }, 1)).toBe(false);
  });
});

describe('tagClickAction', () => {
  const tag = (code: string, state: 0 | 1, canRemove: 0 | 1 = 0): Pick<MessageTag, 'code' | 'state' | 'options'> => ({
    code,
    state,
    options: { canRemove },
  });
  const conversations = [{ messageCategoryId: 1 }, { messageCategoryId: 2 }];
  it('nothing without manage Message', () => {
    expect(tagClickAction(tag('X', 0), false, conversations).kind).toBe('none');
    expect(tagClickAction(tag('FWD_2', 0), false, conversations).kind).toBe('none');
  });
  it('0 → 1 applies, 1 → 0 removes only with canRemove', () => {
    expect(tagClickAction(tag('X', 0), true, conversations).kind).toBe('apply');
    expect(tagClickAction(tag('X', 1, 1), true, conversations).kind).toBe('remove');
    expect(tagClickAction(tag('X', 1, 0), true, conversations).kind).toBe('none');
  });
  it('FWD_n needs the conversation of category n', () => {
    expect(tagClickAction(tag('FWD_2', 0), true, conversations)).toEqual({ kind: 'forward', messageCategoryId: 2 });
    expect(tagClickAction(tag('FWD_3', 0), true, conversations).kind).toBe('none');
  });
  it('ISV, CONF and DZIN_INPUT', () => {
    expect(tagClickAction(tag('ISV', 0), true, conversations).kind).toBe('isv');
    expect(tagClickAction(tag('ISV', 1, 1), true, conversations).kind).toBe('remove');
    expect(tagClickAction(tag('CONF', 0), true, conversations).kind).toBe('confirm');
    expect(tagClickAction(tag('DZIN_INPUT', 0), true, conversations).kind).toBe('dzin');
    expect(tagClickAction(tag('DZIN_INPUT', 1), true, conversations).kind).toBe('dzin');
  });
});

describe('mediaKind and bubbleTime', () => {
  it('by extension', () => {
    expect(mediaKind('1-x.jpg')).toBe('image');
    expect(mediaKind('1-x.pdf')).toBe('pdf');
    expect(mediaKind('1-x.mp3')).toBe('audio');
    expect(mediaKind('1-x.aac')).toBe('audio');
    expect(mediaKind('1-x.png')).toBe('none');
    expect(mediaKind(null)).toBe('none');
  });
  it('HH:mm today, DD.MM. HH:mm before', () => {
    const now = new Date('2025-03-04T12:00:00Z');
    expect(bubbleTime('2025-03-04 08:15:00', now)).toBe('08:15');
    expect(bubbleTime('2025-03-02 08:15:00', now)).toBe('02.03. 08:15');
    expect(bubbleTime(null, now)).toBe('');
  });
});
