import { describe, it, expect } from 'vitest';
import {
  canChangeCategory,
  canCloseEvent,
  canCreateFrom,
  canEditAttribute,
  canEndEvent,
  canLinkFromMap,
  canReceiveCall,
  canRemoveEvent,
  canRemoveParentLink,
  canRemoveUnit,
  canSeeAllUnits,
  canSeeCalendar,
  canSeeResources,
  canSendToQueue,
  canUnlink,
  endEventRefusal,
  isMine,
  isTagVisible,
  lockedInputs,
  statusChangeRefusal,
} from './rules';
import { isCentral } from '../auth/ability';
import { abilityWith, mngAbility, udrpAbility } from '../auth/testing';
import { categoryInput, categoryWith } from './testing';
import type { CategoryInput } from '../sync/index';

const own = { baseId: 7 };
const central = { baseId: 2 };
const other = { baseId: 9 };
const event = { id: 10, baseId: 7, parentId: null, eventStateId: 1 };

describe('isCentral / isMine', () => {
  it('central is base 2', () => {
    expect(isCentral(central)).toBe(true);
    expect(isCentral(own)).toBe(false);
    expect(isCentral({ baseId: null })).toBe(false);
  });
  it('mine when the event base equals the user base', () => {
    expect(isMine(event, own)).toBe(true);
    expect(isMine(event, other)).toBe(false);
    expect(isMine({ baseId: null }, { baseId: null })).toBe(false);
  });
});

describe('canChangeCategory: own or central base', () => {
  it('own and central may, others may not', () => {
    expect(canChangeCategory(own, event)).toBe(true);
    expect(canChangeCategory(central, event)).toBe(true);
    expect(canChangeCategory(other, event)).toBe(false);
  });
});

describe('canCloseEvent: update action and (own base or updateState Event)', () => {
  const cat = categoryWith(['update']);
  it('own base with an update action', () => {
    expect(canCloseEvent(abilityWith(), own, event, cat)).toBe(true);
  });
  it('another base needs updateState Event', () => {
    expect(canCloseEvent(abilityWith(), other, event, cat)).toBe(false);
    expect(canCloseEvent(abilityWith('event.updateState'), other, event, cat)).toBe(true);
  });
  it('no update action, no close', () => {
    expect(canCloseEvent(abilityWith('event.updateState'), own, event, categoryWith(['close', 'remove']))).toBe(false);
    expect(canCloseEvent(abilityWith(), own, event, null)).toBe(false);
  });
});

describe('canRemoveEvent: remove action, no ISPO tag, (own base or updateState)', () => {
  const cat = categoryWith(['remove']);
  it('own base with a remove action', () => {
    expect(canRemoveEvent(abilityWith(), own, event, cat, [])).toBe(true);
  });
  it('ISPO blocks removal, ISPO_QUEUE does not', () => {
    expect(canRemoveEvent(abilityWith(), own, event, cat, ['ISPO'])).toBe(false);
    expect(canRemoveEvent(abilityWith(), own, event, cat, ['ISPO_QUEUE'])).toBe(true);
  });
  it('another base needs updateState', () => {
    expect(canRemoveEvent(abilityWith(), other, event, cat)).toBe(false);
    expect(canRemoveEvent(abilityWith('event.updateState'), other, event, cat)).toBe(true);
  });
  it('no remove action, no removal', () => {
    expect(canRemoveEvent(abilityWith('event.updateState'), own, event, categoryWith(['update']))).toBe(false);
  });
});

describe('canSendToQueue', () => {
  it('disabled with ISPO_QUEUE or ISPO', () => {
    expect(canSendToQueue([])).toBe(true);
    expect(canSendToQueue(['C_X'])).toBe(true);
    expect(canSendToQueue(['ISPO_QUEUE'])).toBe(false);
    expect(canSendToQueue(['ISPO'])).toBe(false);
  });
});

describe('canCreateFrom: create action and no parent', () => {
  it('needs both', () => {
    expect(canCreateFrom(categoryWith(['create']), event)).toBe(true);
    expect(canCreateFrom(categoryWith(['create']), { ...event, parentId: 3 })).toBe(false);
    expect(canCreateFrom(categoryWith(['update']), event)).toBe(false);
  });
});

describe('units', () => {
  it('own or central base sees all units', () => {
    expect(canSeeAllUnits(own, event)).toBe(true);
    expect(canSeeAllUnits(central, event)).toBe(true);
    expect(canSeeAllUnits(other, event)).toBe(false);
  });

  it('the owner base can never be removed', () => {
    expect(canRemoveUnit(central, event, 7, [])).toBe(false);
  });
  it('a unit with a job cannot be removed', () => {
    expect(canRemoveUnit(central, event, 9, [{ baseId: 9 }])).toBe(false);
    expect(canRemoveUnit(central, event, 9, [{ baseId: 8 }])).toBe(true);
  });
  it('central, the owner or the unit itself may remove it', () => {
    expect(canRemoveUnit(central, event, 9, [])).toBe(true);
    expect(canRemoveUnit(own, event, 9, [])).toBe(true);
    expect(canRemoveUnit(other, event, 9, [])).toBe(true);
    expect(canRemoveUnit({ baseId: 11 }, event, 9, [])).toBe(false);
  });
});

describe('tags and category toggles', () => {
  it('C_ tags are visible only to the central base', () => {
    expect(isTagVisible({ code: 'C_SECRET' }, central)).toBe(true);
    expect(isTagVisible({ code: 'C_SECRET' }, own)).toBe(false);
    expect(isTagVisible({ code: 'ISPO' }, own)).toBe(true);
  });
});

describe('canEditAttribute (000 §5)', () => {
  const input = (readonly: boolean | 0 | 1): CategoryInput => categoryInput({ label: 'Adresa', readonly });
  const cat = categoryWith(['update'], { inputs: { address: input(false), subject: input(1) } });

  it('own base may edit an editable input', () => {
    expect(canEditAttribute(own, event, cat, 'address')).toBe(true);
  });
  it('another base may edit only eventToBase', () => {
    expect(canEditAttribute(other, event, cat, 'address')).toBe(false);
    expect(canEditAttribute(other, event, cat, 'eventToBase')).toBe(true);
  });
  it.each([3, 4, 5, 6, 7])('nothing is editable in inactive state %i', (state) => {
    expect(canEditAttribute(own, { ...event, eventStateId: state }, cat, 'address')).toBe(false);
    expect(canEditAttribute(own, { ...event, eventStateId: state }, cat, 'eventToBase')).toBe(false);
  });
  it('a readonly input is locked', () => {
    expect(canEditAttribute(own, event, cat, 'subject')).toBe(false);
  });
  it('ISPO and ISPO_QUEUE lock the inputs their settings list, and only those', () => {
    for (const code of ['ISPO', 'ISPO_QUEUE']) {
      const tag = { code, options: { locked: ['address'] } };
      expect(canEditAttribute(own, event, cat, 'address', [tag])).toBe(false);
      expect(canEditAttribute(own, event, cat, 'investigator', [tag])).toBe(true);
    }
    // the settings decide: a tag that locks the investigator locks it, one that lists nothing locks nothing
    expect(
      canEditAttribute(own, event, cat, 'investigator', [{ code: 'ISPO', options: { locked: ['investigator'] } }]),
    ).toBe(false);
    expect(canEditAttribute(own, event, cat, 'address', [{ code: 'ISPO', options: {} }])).toBe(true);
    expect(canEditAttribute(own, event, cat, 'address', [{ code: 'ISPO', options: null }])).toBe(true);
  });
  it('lockedInputs: the union of ISPO/ISPO_QUEUE settings; other tags and non-strings are ignored', () => {
    const locked = lockedInputs([
      { code: 'ISPO', options: { locked: ['address', 'eventTypeId'] } },
      { code: 'ISPO_QUEUE', options: { locked: ['subject', 7] } },
      { code: 'RID', options: { locked: ['description'] } },
    ]);
    expect([...locked].sort()).toEqual(['address', 'eventTypeId', 'subject']);
  });
});

describe('links', () => {
  it('a parent link is removable only for DZIN-CALL with a parentId', () => {
    const dzin = categoryWith([], { code: 'DZIN-CALL', type: 'call' });
    expect(canRemoveParentLink({ ...event, parentId: 4 }, dzin)).toBe(true);
    expect(canRemoveParentLink(event, dzin)).toBe(false);
    expect(canRemoveParentLink({ ...event, parentId: 4 }, categoryWith([], { code: 'KOPIS' }))).toBe(false);
  });
  it('unlinking needs group COIS and an event-type category', () => {
    expect(canUnlink({ baseId: 7, groups: ['COIS'] }, categoryWith([]))).toBe(true);
    expect(canUnlink({ baseId: 7, groups: ['COIS'] }, categoryWith([], { type: 'call' }))).toBe(false);
    expect(canUnlink({ baseId: 7, groups: [] }, categoryWith([]))).toBe(false);
  });
  it('the map linking item needs COIS and a listed category', () => {
    expect(canLinkFromMap({ baseId: 7, groups: ['COIS'] }, 5, [5, 6])).toBe(true);
    expect(canLinkFromMap({ baseId: 7, groups: ['COIS'] }, 9, [5, 6])).toBe(false);
    expect(canLinkFromMap({ baseId: 7, groups: ['MNG'] }, 5, [5, 6])).toBe(false);
  });
});

describe('buttons gated by ability', () => {
  it('view Event shows the calendar', () => {
    expect(canSeeCalendar(abilityWith())).toBe(true);
    expect(canSeeCalendar(mngAbility())).toBe(true);
    expect(canSeeCalendar(udrpAbility())).toBe(false);
  });
  it('create Event shows Příjem volání', () => {
    expect(canReceiveCall(abilityWith())).toBe(false);
    expect(canReceiveCall(abilityWith('event.create'))).toBe(true);
  });
  it('view EventResources shows the vehicle tab', () => {
    expect(canSeeResources(abilityWith())).toBe(true);
    expect(canSeeResources(mngAbility())).toBe(false);
  });
});

describe('endEventRefusal: 000 §4 end (status 6), who as closing', () => {
  const cat = categoryWith(['update', 'close']);
  const open = { ...event, eventStatusId: 2 };
  it('own base ends its open event of type event', () => {
    expect(endEventRefusal(abilityWith(), own, open, cat)).toBeNull();
    expect(canEndEvent(abilityWith(), own, open, cat)).toBe(true);
  });
  it('another base needs updateState (the central dispatch has it); without it forbidden', () => {
    expect(endEventRefusal(abilityWith(), other, open, cat)).toBe('forbidden');
    expect(endEventRefusal(abilityWith('event.updateState'), other, open, cat)).toBeNull();
    expect(endEventRefusal(abilityWith('event.updateState'), central, open, cat)).toBeNull();
  });
  it('udrp and MNG end only events of their own base (no updateState)', () => {
    expect(endEventRefusal(udrpAbility(), other, open, cat)).toBe('forbidden');
    expect(endEventRefusal(udrpAbility(), own, open, cat)).toBeNull();
    expect(endEventRefusal(mngAbility(), other, open, cat)).toBe('forbidden');
  });
  it('not endable: unsaved, inactive, already ended or closed, a call or chat, no update action', () => {
    const ability = abilityWith('event.updateState');
    expect(endEventRefusal(ability, own, { ...open, id: null }, cat)).toBe('notEndable');
    for (const state of [3, 4, 5, 6, 7]) {
      expect(endEventRefusal(ability, own, { ...open, eventStateId: state }, cat)).toBe('notEndable');
    }
    expect(endEventRefusal(ability, own, { ...open, eventStatusId: 6 }, cat)).toBe('notEndable');
    expect(endEventRefusal(ability, own, { ...open, eventStatusId: 11 }, cat)).toBe('notEndable');
    expect(endEventRefusal(ability, own, open, categoryWith(['update'], { type: 'call' }))).toBe('notEndable');
    expect(endEventRefusal(ability, own, open, categoryWith(['update'], { type: 'chat' }))).toBe('notEndable');
    expect(endEventRefusal(ability, own, open, categoryWith(['close']))).toBe('notEndable');
    expect(endEventRefusal(ability, own, open, null)).toBe('notEndable');
  });
  it('state 0 (an alert) and 14 are active: endable', () => {
    expect(endEventRefusal(abilityWith(), own, { ...open, eventStateId: 0 }, cat)).toBeNull();
    expect(endEventRefusal(abilityWith(), own, { ...open, eventStateId: 14 }, cat)).toBeNull();
  });
});

describe('statusChangeRefusal: 11 only by close/remove, 6 stays until closed', () => {
  it('refuses 11 outside close/remove, allows it with them', () => {
    expect(statusChangeRefusal(2, 11, false)).toBe('finalOnlyByClose');
    expect(statusChangeRefusal(2, 11, true)).toBeNull();
    expect(statusChangeRefusal(6, 11, true)).toBeNull();
  });
  it('an ended event keeps 6; other statuses move freely', () => {
    expect(statusChangeRefusal(6, 2, false)).toBe('endedStays');
    expect(statusChangeRefusal(6, 6, false)).toBeNull();
    expect(statusChangeRefusal(2, 3, false)).toBeNull();
    expect(statusChangeRefusal(3, 2, false)).toBeNull();
  });
});
