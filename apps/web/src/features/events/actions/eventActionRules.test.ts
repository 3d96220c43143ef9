import { describe, expect, it } from 'vitest';
import { buildAbility } from '@panel/domain/auth';
import { categoryAction } from '@panel/domain/events/testing';
import { eventActions } from './eventActionRules';

const user = { id: 7, baseId: 3, roles: [], groups: [] };
const ability = buildAbility({ user, permissions: ['event.create', 'event.update'], eventRoles: [] });
const full = {
  actions: {
    create: categoryAction('Založit'),
    update: categoryAction('Uložit'),
    close: categoryAction('Uzavřít', { confirm: 'Opravdu?' }),
    remove: categoryAction('Odebrat'),
    queue: categoryAction('Do fronty'),
  },
  inputs: {},
  type: 'event' as const,
  id: 5,
  code: 'EVENT',
};
const saved = { id: 1, uuid: 'u1', baseId: 3, parentId: null, eventStateId: 1 };
/** The actions of the saved event in the full category, clean and near, with `patch` over that. */
const actionsOf = (patch: Partial<Parameters<typeof eventActions>[0]> = {}) =>
  eventActions({ ability, user, event: saved, category: full, tagCodes: [], dirty: false, nearby: true, ...patch });
const keys = (list: { key: string; disabled: boolean }[]) => list.map((a) => `${a.key}${a.disabled ? '-' : ''}`);

describe('eventActions (000 §6)', () => {
  it('offers the category actions with its labels and confirm texts', () => {
    const list = actionsOf({ dirty: true });
    expect(keys(list)).toEqual(['save', 'discard', 'end', 'close', 'remove', 'createFrom', 'queue']);
    expect(list.find((a) => a.key === 'close')).toMatchObject({ label: 'Uzavřít', confirm: 'Opravdu?' });
  });

  it("offers 'Ukončit' (000 §4 end, status 6) with its confirmation on an open event of type event", () => {
    const end = actionsOf({ event: { ...saved, eventStatusId: 2 } }).find((a) => a.key === 'end');
    expect(end).toMatchObject({ label: 'Ukončit', icon: 'stop_circle', disabled: false });
    expect(end?.confirm).toMatch(/^Opravdu ukončit událost\?/);
  });

  it("hides 'Ukončit' once ended or closed, for a call, and for another base without updateState", () => {
    const has = (patch: Partial<Parameters<typeof eventActions>[0]>) => keys(actionsOf(patch)).includes('end');
    expect(has({ event: { ...saved, eventStatusId: 6 } })).toBe(false);
    expect(has({ event: { ...saved, eventStatusId: 11 } })).toBe(false);
    expect(has({ event: { ...saved, eventStateId: 5 } })).toBe(false);
    expect(has({ category: { ...full, type: 'call' as never } })).toBe(false);
    expect(has({ event: { ...saved, baseId: 9 } })).toBe(false);
    const central = buildAbility({ user, permissions: ['event.update', 'event.updateState'], eventRoles: [] });
    expect(has({ event: { ...saved, baseId: 9 }, ability: central })).toBe(true);
  });

  it('hides close without the update action', () => {
    const category = { ...full, actions: { ...full.actions, update: undefined } };
    const list = actionsOf({ category });
    expect(keys(list)).not.toContain('close');
  });

  it('disables remove and queue with ISPO', () => {
    const list = actionsOf({ tagCodes: ['ISPO'] });
    expect(keys(list)).toContain('remove-');
    expect(keys(list)).toContain('queue-');
  });

  it('disables only queue with ISPO_QUEUE', () => {
    const list = actionsOf({ tagCodes: ['ISPO_QUEUE'] });
    expect(keys(list)).toContain('remove');
    expect(keys(list)).toContain('queue-');
  });

  it('hides create-from when the event has a parent', () => {
    const list = actionsOf({ event: { ...saved, parentId: 9 } });
    expect(keys(list)).not.toContain('createFrom');
  });

  it('offers create-from only with an active event within the nearby radius (000 §7, §9)', () => {
    expect(keys(actionsOf({ nearby: true }))).toContain('createFrom');
    expect(keys(actionsOf({ nearby: false }))).not.toContain('createFrom');
  });

  it('a local event offers create and remove (discarded locally) only', () => {
    const list = actionsOf({ event: { id: null, uuid: 'l' }, dirty: true });
    expect(keys(list)).toEqual(['save', 'remove']);
    expect(list[0].label).toBe('Založit');
  });
});
