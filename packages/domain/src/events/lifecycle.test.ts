import { describe, expect, it } from 'vitest';
import {
  acceptAlertTransition,
  closeTransition,
  endTransition,
  isActiveState,
  linkTransition,
  nextActiveEvent,
  removeMethod,
  removeTransition,
  saveMethod,
  unlinkTransition,
} from './lifecycle';

describe('event states (000 §4)', () => {
  it('3, 4, 5, 6 and 7 are inactive; 0, 1, 2 and 14 are active', () => {
    for (const s of [3, 4, 5, 6, 7]) expect(isActiveState(s)).toBe(false);
    for (const s of [0, 1, 2, 14]) expect(isActiveState(s)).toBe(true);
    expect(isActiveState(null)).toBe(false);
  });

  it('transitions write what the spec says', () => {
    expect(closeTransition()).toEqual({ eventStatusId: 11, eventStateId: 5 });
    expect(removeTransition()).toEqual({ eventStatusId: 11, eventStateId: 6 });
    expect(endTransition()).toEqual({ eventStatusId: 6 });
    expect(linkTransition(42)).toEqual({ parentId: 42, eventStateId: 4 });
    expect(unlinkTransition()).toEqual({ parentId: null, eventStateId: 1 });
    expect(acceptAlertTransition()).toEqual({ eventStateId: 1 });
  });

  it('saves by update with an id, else by create; removes unsaved events by discarding', () => {
    expect(saveMethod({ id: 5 })).toBe('update');
    expect(saveMethod({ id: null })).toBe('create');
    expect(saveMethod({})).toBe('create');
    expect(removeMethod({ id: 5 })).toBe('transition');
    expect(removeMethod({ id: null })).toBe('discard');
  });
});

describe('the active event after a change (000 §4)', () => {
  type E = { id: number; uuid: string; eventStateId: number; parentId: number | null };
  const parent: E = { id: 1, uuid: 'p', eventStateId: 1, parentId: null };
  const closedParent: E = { ...parent, eventStateId: 5 };
  const child: E = { id: 2, uuid: 'c', eventStateId: 1, parentId: 1 };
  const byId = (events: E[]) => (id: number) => events.find((e) => e.id === id);

  it('stays while the active event stays active', () => {
    expect(nextActiveEvent('c', child, child, byId([parent, child]))).toBe('c');
  });

  it('moves to the active parent when the active event arrives inactive', () => {
    expect(nextActiveEvent('c', { ...child, eventStateId: 4 }, child, byId([parent]))).toBe('p');
  });

  it('moves to the active parent when the active event vanished (read from before)', () => {
    expect(nextActiveEvent('c', undefined, child, byId([parent]))).toBe('p');
  });

  it('is none when the parent is not active or there is no parent', () => {
    expect(nextActiveEvent('c', { ...child, eventStateId: 5 }, child, byId([closedParent]))).toBeNull();
    expect(nextActiveEvent('p', { ...parent, eventStateId: 6 }, parent, byId([]))).toBeNull();
    expect(nextActiveEvent(null, undefined, undefined, byId([]))).toBeNull();
  });
});
