import { describe, it, expect } from 'vitest';
import { CENTRAL_BASE_ID } from '../constants/index';
import { buildAbility, effectiveEventRoles, parsePermission } from './ability';
import type { AbilityInput } from './permissions';

const user = (over: Partial<AbilityInput['user']> = {}): AbilityInput['user'] => ({
  id: 1,
  baseId: 7,
  roles: [],
  groups: [],
  ...over,
});
const input = (over: Partial<AbilityInput> = {}): AbilityInput => ({
  user: user(),
  permissions: [],
  activeEvent: null,
  eventRoles: [],
  ...over,
});

describe('parsePermission', () => {
  it('maps subject.action to [action, Subject]', () => {
    expect(parsePermission('eventContact.create')).toEqual(['create', 'EventContact']);
    expect(parsePermission('device.all')).toEqual(['all', 'Device']);
    expect(parsePermission('event.updateState')).toEqual(['updateState', 'Event']);
    expect(parsePermission('message1.manage')).toEqual(['manage', 'Message1']);
  });
  it('rejects malformed strings', () => {
    expect(parsePermission('event')).toBeNull();
    expect(parsePermission('a.b.c')).toBeNull();
    expect(parsePermission('')).toBeNull();
  });
});

describe('buildAbility: role and group rules (000 §6)', () => {
  it('CENTRAL_BASE_ID is 2', () => {
    expect(CENTRAL_BASE_ID).toBe(2);
  });

  it('role admin manages Debug (and so may view it)', () => {
    const a = buildAbility(input({ user: user({ roles: ['admin'] }) }));
    expect(a.can('manage', 'Debug')).toBe(true);
    expect(a.can('view', 'Debug')).toBe(true);
    expect(buildAbility(input()).can('view', 'Debug')).toBe(false);
  });

  it('an ordinary user manages Device and Message and views Event, EventChild, EventResources', () => {
    const a = buildAbility(input());
    expect(a.can('manage', 'Device')).toBe(true);
    expect(a.can('manage', 'Message')).toBe(true);
    expect(a.can('view', 'Event')).toBe(true);
    expect(a.can('view', 'EventChild')).toBe(true);
    expect(a.can('view', 'EventResources')).toBe(true);
    expect(a.can('update', 'Event')).toBe(false);
    expect(a.can('create', 'Event')).toBe(false);
  });

  it('group MNG may only view Event, EventChild, Message, Message1, Message2', () => {
    const a = buildAbility(input({ user: user({ groups: ['MNG'], roles: ['udrp', 'admin'] }) }));
    for (const s of ['Event', 'EventChild', 'Message', 'Message1', 'Message2']) expect(a.can('view', s)).toBe(true);
    expect(a.can('manage', 'Message')).toBe(false);
    expect(a.can('manage', 'Message1')).toBe(false);
    expect(a.can('manage', 'Message2')).toBe(false);
    expect(a.can('manage', 'Device')).toBe(false);
    expect(a.can('view', 'EventResources')).toBe(false);
    expect(a.can('manage', 'Debug')).toBe(false);
  });

  it('MNG gets no conversation rules from the active event', () => {
    const a = buildAbility(
      input({ user: user({ groups: ['MNG'] }), activeEvent: { id: 5, conversations: [{ type: 1 }, { type: 2 }] } }),
    );
    expect(a.can('manage', 'Message1')).toBe(false);
    expect(a.can('view', 'Message1')).toBe(true);
  });

  it('MNG gets nothing from event roles (role 50 carries event.update, MNG may only view)', () => {
    const eventRoles = [{ id: 50, permissions: ['event.update', 'eventContact.create'] }];
    const mng = buildAbility(input({ user: user({ groups: ['MNG'] }), eventRoles, activeEvent: { id: 5 } }));
    expect(mng.can('update', 'Event')).toBe(false);
    expect(mng.can('create', 'EventContact')).toBe(false);
    const other = buildAbility(input({ eventRoles, activeEvent: { id: 5 } }));
    expect(other.can('update', 'Event')).toBe(true);
  });

  it('MNG still gets what server permission strings grant explicitly', () => {
    const a = buildAbility(input({ user: user({ groups: ['MNG'] }), permissions: ['event.create'] }));
    expect(a.can('create', 'Event')).toBe(true);
  });

  it('role udrp manages Message only', () => {
    const a = buildAbility(input({ user: user({ roles: ['udrp'] }) }));
    expect(a.can('manage', 'Message')).toBe(true);
    expect(a.can('manage', 'Device')).toBe(false);
    expect(a.can('view', 'Event')).toBe(false);
    expect(a.can('view', 'EventResources')).toBe(false);
  });

  it('everybody views EventContact', () => {
    for (const u of [user(), user({ groups: ['MNG'] }), user({ roles: ['udrp'] })]) {
      const a = buildAbility(input({ user: u }));
      expect(a.can('view', 'EventContact')).toBe(true);
      expect(a.can('create', 'EventContact')).toBe(false);
    }
  });
});

describe('buildAbility: server permission strings and event roles', () => {
  it('subject.action strings add rules', () => {
    const a = buildAbility(input({ permissions: ['eventContact.create', 'event.updateState', 'device.all', 'bad'] }));
    expect(a.can('create', 'EventContact')).toBe(true);
    expect(a.can('updateState', 'Event')).toBe(true);
    expect(a.can('all', 'Device')).toBe(true);
  });

  it('manage is the any-action wildcard', () => {
    const a = buildAbility(input({ permissions: ['event.manage'] }));
    expect(a.can('view', 'Event')).toBe(true);
    expect(a.can('update', 'Event')).toBe(true);
    expect(a.can('updateState', 'Event')).toBe(true);
  });

  it('the active event roles add their permissions', () => {
    const eventRoles = [
      { id: 50, permissions: ['eventContact.create'] },
      { id: 60, permissions: ['eventJob.create'] },
    ];
    const a = buildAbility(input({ eventRoles, activeEvent: { id: 3, eventRoles: [60] } }));
    expect(a.can('create', 'EventJob')).toBe(true);
    expect(a.can('create', 'EventContact')).toBe(false);
  });

  it('event roles default to [50] when the event has none or no event is active', () => {
    const eventRoles = [
      { id: 50, permissions: ['eventContact.create'] },
      { id: 60, permissions: ['eventJob.create'] },
    ];
    for (const activeEvent of [{ id: 3, eventRoles: [] }, { id: 3 }, { id: 3, eventRoles: null }, null]) {
      const a = buildAbility(input({ eventRoles, activeEvent }));
      expect(a.can('create', 'EventContact')).toBe(true);
      expect(a.can('create', 'EventJob')).toBe(false);
    }
    expect(effectiveEventRoles(undefined)).toEqual([50]);
    expect(effectiveEventRoles({ id: 1, eventRoles: [51, 52] })).toEqual([51, 52]);
  });

  it('recalculating with changed event roles changes the rights', () => {
    const eventRoles = [{ id: 70, permissions: ['event.update'] }];
    expect(buildAbility(input({ eventRoles, activeEvent: { id: 3, eventRoles: [50] } })).can('update', 'Event')).toBe(
      false,
    );
    expect(buildAbility(input({ eventRoles, activeEvent: { id: 3, eventRoles: [70] } })).can('update', 'Event')).toBe(
      true,
    );
  });
});

describe('buildAbility: conversations', () => {
  it('each conversation type of the active event adds manage Message{type}', () => {
    const a = buildAbility(input({ activeEvent: { id: 3, conversations: [{ type: 2 }] } }));
    expect(a.can('manage', 'Message2')).toBe(true);
    expect(a.can('manage', 'Message1')).toBe(false);
  });

  it('with no active event Message1 and Message2 are managed', () => {
    const a = buildAbility(input({ activeEvent: null }));
    expect(a.can('manage', 'Message1')).toBe(true);
    expect(a.can('manage', 'Message2')).toBe(true);
  });

  it('an active event without conversations adds none', () => {
    const a = buildAbility(input({ activeEvent: { id: null } }));
    expect(a.can('manage', 'Message1')).toBe(false);
    expect(a.can('manage', 'Message2')).toBe(false);
  });
});
