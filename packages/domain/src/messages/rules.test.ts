import { describe, expect, it } from 'vitest';
import { buildAbility, canDebug } from '../auth/ability';
import { abilityWith, mngAbility, udrpAbility, withConversations } from '../auth/testing';
import {
  canCaptureMedia,
  canClickFwdTag,
  canClickTag,
  canConfirmMessage,
  canSeeMessages,
  canSendInConversation,
  canToggleSendOnEnter,
  canUseMicTest,
  captureCategory,
  confirmRefusal,
  confirmRefusalText,
  fwdTarget,
  isContentMissing,
  isKnownMessageType,
  isTagOffered,
  isTagRemovable,
  KNOWN_MESSAGE_TYPES,
  mediaFileName,
  resolveMessageTags,
  tagTransition,
  uploadLimitMb,
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

describe('messages (000 §6)', () => {
  it('view Message shows chat tabs', () => {
    expect(canSeeMessages(mngAbility())).toBe(true);
    expect(canSeeMessages(abilityWith())).toBe(true);
  });
  it('manage Message{type} sends in that conversation type', () => {
    const a = withConversations(1);
    expect(canSendInConversation(a, 1)).toBe(true);
    expect(canSendInConversation(a, 2)).toBe(false);
    expect(canSendInConversation(mngAbility(), 1)).toBe(false);
  });
  it('manage Message1 gives radio and photo capture for saved events only', () => {
    const a = withConversations(1);
    expect(canCaptureMedia(a, { id: 3 })).toBe(true);
    expect(canCaptureMedia(a, { id: null })).toBe(false);
    expect(canCaptureMedia(withConversations(2), { id: 3 })).toBe(false);
  });
  it('manage Message shows mic test, send-on-Enter and tag clicking', () => {
    for (const fn of [canUseMicTest, canToggleSendOnEnter, canClickTag]) {
      expect(fn(abilityWith())).toBe(true);
      expect(fn(udrpAbility())).toBe(true);
      expect(fn(mngAbility())).toBe(false);
    }
  });
  it('an FWD tag needs manage Message and the target conversation', () => {
    const conversations = [{ messageCategoryId: 1 }, { messageCategoryId: 2 }];
    expect(canClickFwdTag(abilityWith(), 2, conversations)).toBe(true);
    expect(canClickFwdTag(abilityWith(), 3, conversations)).toBe(false);
    expect(canClickFwdTag(mngAbility(), 2, conversations)).toBe(false);
    expect(fwdTarget('FWD_2')).toBe(2);
    expect(fwdTarget('ISV')).toBeNull();
    expect(fwdTarget('FWD_x')).toBeNull();
  });
});

describe('debug and uploads', () => {
  const admin = buildAbility({
    user: { id: 1, baseId: 7, roles: ['admin'], groups: [] },
    permissions: [],
    eventRoles: [],
  });
  it('view Debug shows the debug tools', () => {
    expect(canDebug(admin)).toBe(true);
    expect(canDebug(abilityWith())).toBe(false);
    expect(canDebug(abilityWith('debug.view'))).toBe(true);
  });
  it('the upload limit is 10 MB with view Debug, else 5 MB', () => {
    expect(uploadLimitMb(admin)).toBe(10);
    expect(uploadLimitMb(abilityWith())).toBe(5);
  });
});

describe('capture defaults (000 §7: radio category 2, photo 1)', () => {
  const both = [{ messageCategoryId: 1 }, { messageCategoryId: 2 }];
  it('radio goes to the dispatcher chat and a photo to the operational chat, whatever chat it was made in', () => {
    const a = withConversations(1, 2);
    expect(captureCategory('radio', a, both, 1)).toBe(2);
    expect(captureCategory('photo', a, both, 2)).toBe(1);
  });
  it('stays in the chat it was made in when the event lacks the default conversation or the user may not send there', () => {
    expect(captureCategory('radio', withConversations(1, 2), [{ messageCategoryId: 1 }], 1)).toBe(1);
    expect(captureCategory('radio', withConversations(1), both, 1)).toBe(1);
  });
});
