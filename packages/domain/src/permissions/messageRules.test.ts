import { describe, it, expect } from 'vitest';
import { buildAbility } from './ability';
import {
  canCaptureMedia,
  captureCategory,
  canChooseAnyUnit,
  canClickFwdTag,
  canClickTag,
  canDebug,
  canDraw,
  canManageDevices,
  canSeeMessages,
  canSendInConversation,
  canSetTarget,
  canToggleSendOnEnter,
  canUseMapNotes,
  canUseMicTest,
  fwdTarget,
  uploadLimitMb,
} from './messageRules';
import { abilityWith, categoryWith, mngAbility, udrpAbility } from './testing';

const withConversations = (...types: number[]) =>
  buildAbility({
    user: { id: 1, baseId: 7, roles: [], groups: [] },
    permissions: [],
    activeEvent: { id: 3, conversations: types.map((type) => ({ type })) },
    eventRoles: [],
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

describe('map (001 §6)', () => {
  it('update Event allows target and destination items', () => {
    expect(canSetTarget(abilityWith('event.update'))).toBe(true);
    expect(canSetTarget(abilityWith())).toBe(false);
  });
  it('map notes need manage Message2, a saved event and a category type outside call/chat/monitor/support', () => {
    const a = withConversations(2);
    expect(canUseMapNotes(a, categoryWith([]), { id: 3 })).toBe(true);
    expect(canUseMapNotes(a, categoryWith([]), { id: null })).toBe(false);
    expect(canUseMapNotes(a, categoryWith([]), { id: 0 })).toBe(false);
    for (const type of ['call', 'chat', 'monitor', 'support'] as const) {
      expect(canUseMapNotes(a, categoryWith([], { type }), { id: 3 })).toBe(false);
    }
    expect(canUseMapNotes(a, categoryWith([], { type: 'data' }), { id: 3 })).toBe(true);
    expect(canUseMapNotes(withConversations(1), categoryWith([]), { id: 3 })).toBe(false);
  });
  it('drawing needs a saved event of the user base', () => {
    expect(canDraw({ baseId: 7 }, { id: 3, baseId: 7 })).toBe(true);
    expect(canDraw({ baseId: 7 }, { id: null, baseId: 7 })).toBe(false);
    expect(canDraw({ baseId: 2 }, { id: 3, baseId: 7 })).toBe(false);
  });
});

describe('devices (001 §6)', () => {
  it('manage Device allows device management', () => {
    expect(canManageDevices(abilityWith())).toBe(true);
    expect(canManageDevices(udrpAbility())).toBe(false);
  });
  it('device.all needs the central base to choose any unit', () => {
    expect(canChooseAnyUnit(abilityWith('device.all'), { baseId: 2 })).toBe(true);
    expect(canChooseAnyUnit(abilityWith('device.all'), { baseId: 7 })).toBe(false);
  });
  it('manage Device alone is not device.all', () => {
    expect(canChooseAnyUnit(abilityWith(), { baseId: 2 })).toBe(false);
    expect(canChooseAnyUnit(mngAbility('device.all'), { baseId: 2 })).toBe(true);
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
