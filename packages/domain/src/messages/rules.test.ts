import { describe, expect, it } from 'vitest';
import {
  canConfirmMessage,
  confirmRefusal,
  confirmRefusalText,
  isContentMissing,
  isKnownMessageType,
  isTagOffered,
  isTagRemovable,
  KNOWN_MESSAGE_TYPES,
  mediaFileName,
  resolveMessageTags,
  tagTransition,
} from './rules';

describe('message types', () => {
  it('knows the types of 000 §3 and §9 and nothing else', () => {
    for (const t of [
      'X03',
      'X11',
      'X22',
      'X50',
      'X55',
      'X21',
      'X23',
      'X24',
      'X25',
      'X05',
      'INST-01',
      'INST-03',
      'INST-18',
      'X04',
      'X30',
      'T00',
    ]) {
      expect(isKnownMessageType(t), t).toBe(true);
    }
    expect(new Set(KNOWN_MESSAGE_TYPES).size).toBe(KNOWN_MESSAGE_TYPES.length);
    expect(isKnownMessageType('X99')).toBe(false);
    expect(isKnownMessageType('x03')).toBe(false);
  });
});

describe('content rule (000 §5)', () => {
  it('content is required only without attachments', () => {
    expect(isContentMissing('', null)).toBe(true);
    expect(isContentMissing('   ', [])).toBe(true);
    expect(isContentMissing(null, undefined)).toBe(true);
    expect(isContentMissing('', ['1-20250101_120000-M.jpg'])).toBe(false);
    expect(isContentMissing('ahoj', null)).toBe(false);
  });
});

describe('confirmation rule (000 §5)', () => {
  const msg = { type: 'X03', userId: 7, data: {} };
  it('confirms another user’s message once', () => {
    expect(confirmRefusal(msg, 8)).toBeNull();
    expect(canConfirmMessage(msg, 8)).toBe(true);
    expect(canConfirmMessage({ ...msg, userId: null, data: null }, 8)).toBe(true);
  });
  it('refuses own, X05 and already confirmed messages', () => {
    expect(confirmRefusal(msg, 7)).toBe('own');
    expect(confirmRefusal({ ...msg, type: 'X05' }, 8)).toBe('noConfirm');
    expect(confirmRefusal({ ...msg, data: { confirmedAt: '2025-01-01 10:00:00' } }, 8)).toBe('already');
    expect(confirmRefusalText('own')).toMatch(/Vlastní/);
  });
});

describe('tag transitions (000 §4)', () => {
  const removable = { options: { canRemove: 1 } };
  const fixed = { options: { canRemove: 0 } };
  it('0 → 1 applies, 1 → 0 removes only when canRemove is 1', () => {
    expect(tagTransition(fixed, 0, 1)).toBe('apply');
    expect(tagTransition(removable, 1, 0)).toBe('remove');
    expect(tagTransition(fixed, 1, 0)).toBe('forbidden');
    expect(tagTransition({}, 1, 0)).toBe('forbidden');
    expect(tagTransition(fixed, 1, 1)).toBe('noop');
    expect(tagTransition(removable, 0, 0)).toBe('noop');
    expect(isTagRemovable({ options: { canRemove: true } })).toBe(true);
    expect(isTagRemovable({ options: null })).toBe(false);
  });
  it('forwarding to the message’s own conversation is not offered', () => {
    expect(isTagOffered({ code: 'FWD_1' }, 1)).toBe(false);
    expect(isTagOffered({ code: 'FWD_2' }, 1)).toBe(true);
    expect(isTagOffered({ code: 'CONF' }, 2)).toBe(true);
  });
});

describe('resolveMessageTags (issue 13 item 2: catalogue + applied ids)', () => {
  const def = (id: number, code: string, sort: number) => ({
    id,
    code,
    name: code,
    color: null,
    colorText: null,
    tooltipActive: null,
    tooltipInactive: null,
    options: { canRemove: 1 as const },
    sort,
  });
  const catalogue = [def(1, 'ISV', 2), def(2, 'FWD_1', 0), def(3, 'FWD_2', 1), def(4, 'CONF', 2)];

  it('offers every catalogue tag but forwarding into the own conversation, by sort then id, with the state', () => {
    const tags = resolveMessageTags({ messageCategoryId: 1, tags: [{ id: 4, state: 1 }] }, catalogue);
    expect(tags.map((t) => [t.code, t.state])).toEqual([
      ['FWD_2', 0],
      ['ISV', 0],
      ['CONF', 1],
    ]);
    expect(tags[2]).toEqual({ ...catalogue[3], state: 1 });
  });

  it('no catalogue, no tags; an applied id the catalogue lacks is not shown', () => {
    expect(resolveMessageTags({ messageCategoryId: 2, tags: [{ id: 9, state: 1 }] }, [])).toEqual([]);
    const tags = resolveMessageTags({ messageCategoryId: 2, tags: [{ id: 9, state: 1 }] }, catalogue);
    expect(tags.map((t) => t.code)).toEqual(['FWD_1', 'ISV', 'CONF']);
    expect(tags.every((t) => t.state === 0)).toBe(true);
  });
});

describe('attachment file name (000 §5)', () => {
  it('joins event id, Prague timestamp and device code with dashes', () => {
    // 2025-03-01 13:22:33 UTC = 14:22:33 in Prague (CET)
    expect(mediaFileName(412, new Date('2025-03-01T13:22:33Z'), 'M-PHA-01', 'JPG')).toBe(
      '412-20250301_142233-M-PHA-01.jpg',
    );
    expect(mediaFileName(5, new Date('2025-07-01T10:00:00Z'), null, '.mp3')).toBe('5-20250701_120000.mp3');
  });
});
