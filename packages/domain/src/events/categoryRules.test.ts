import { describe, expect, it } from 'vitest';
import {
  allowedCategories,
  canCreateInCategory,
  categoryMoveRefusal,
  centralOnlyCategoryIds,
  type CatalogueCategory,
} from './categoryRules';
import type { CategoryInput } from '../sync/index';
import { categoryAction, categoryInput } from './testing';

const input = (readonly: 0 | 1 = 0): CategoryInput => categoryInput({ readonly });
const update = { update: categoryAction('Uložit') };
const cat = (id: number, over: Partial<CatalogueCategory> = {}): CatalogueCategory => ({
  id,
  type: 'event',
  inputs: { eventCategoryId: input(), description: input() },
  actions: update,
  toggleCategoryIds: [],
  ...over,
});
const catalogue = [
  cat(5, { toggleCategoryIds: [1] }),
  cat(1),
  cat(14, { toggleCategoryIds: [15, 16] }),
  cat(15, { toggleCategoryIds: [14] }),
  cat(16),
  cat(20, { inputs: { description: input(1), subject: input(1) } }), // every input readonly
  cat(21, { actions: {} }), // no update action
];
const unit = { baseId: 7 };
const central = { baseId: 2 };
const event = { id: 10, baseId: 7, eventStateId: 1 };
const byId = (id: number) => catalogue.find((c) => c.id === id)!;

describe('category rules (000 §6, issue 12 item 11)', () => {
  it('central-only: 14, 15 and what they toggle to', () => {
    expect([...centralOnlyCategoryIds(catalogue)].sort((a, b) => a - b)).toEqual([14, 15, 16]);
  });
  it('a unit may not move an event into or out of a central-only category; the central base may', () => {
    for (const to of [14, 15, 16]) expect(categoryMoveRefusal(unit, event, 5, byId(to), catalogue)).toBe('centralOnly');
    expect(categoryMoveRefusal(unit, event, 14, byId(5), catalogue)).toBe('centralOnly');
    expect(categoryMoveRefusal(unit, event, null, byId(14), catalogue)).toBe('centralOnly');
    for (const to of [14, 15, 16]) expect(categoryMoveRefusal(central, event, 5, byId(to), catalogue)).toBeNull();
    expect(categoryMoveRefusal(central, event, 14, byId(15), catalogue)).toBeNull();
  });
  it('a unit may not move its event into a category it could then not edit', () => {
    expect(categoryMoveRefusal(unit, event, 5, byId(20), catalogue)).toBe('notEditable');
    expect(categoryMoveRefusal(unit, event, 5, byId(21), catalogue)).toBe('notEditable');
    expect(categoryMoveRefusal(unit, event, 5, byId(1), catalogue)).toBeNull();
    // a new event is not moved: its category is chosen
    expect(categoryMoveRefusal(unit, event, null, byId(20), catalogue)).toBeNull();
    // ISPO settings count: a category whose only editable input the tag locks is not editable
    const only = cat(22, { inputs: { address: input() } });
    const tags = [{ code: 'ISPO', options: { locked: ['address'] } }];
    expect(categoryMoveRefusal(unit, event, 5, only, [...catalogue, only], tags)).toBe('notEditable');
    expect(categoryMoveRefusal(unit, event, 5, only, [...catalogue, only])).toBeNull();
    // the central base changes other bases' categories, whose texts it never edits: not held to it
    expect(categoryMoveRefusal(central, event, 5, byId(20), catalogue)).toBeNull();
  });
  it('staying in the category is never refused', () => {
    expect(categoryMoveRefusal(unit, event, 14, byId(14), catalogue)).toBeNull();
  });
  it('the select offers the current category and the allowed ones', () => {
    expect(allowedCategories(unit, event, 5, catalogue).map((c) => c.id)).toEqual([5, 1]);
    expect(allowedCategories(unit, event, 14, catalogue).map((c) => c.id)).toEqual([14]);
    expect(allowedCategories(central, event, 5, catalogue).map((c) => c.id)).toEqual([5, 1, 14, 15, 16, 20, 21]);
  });
});

describe('a new event: only categories the panel can create it in (issue 24 item 3)', () => {
  const create = { create: categoryAction('Založit') };
  const catalogue = [
    cat(5, { actions: { ...update, ...create } }),
    cat(9, { type: 'chat' }),
    cat(7, { actions: create }),
  ];
  it('canCreateInCategory reads the create action', () => {
    expect(canCreateInCategory(catalogue[0])).toBe(true);
    expect(canCreateInCategory(catalogue[1])).toBe(false);
    expect(canCreateInCategory(null)).toBe(false);
  });
  it('a new event is offered only creatable categories; a saved one may still move into the others', () => {
    const unit = { baseId: 7 };
    const event = { baseId: 7, eventStateId: 1 };
    expect(allowedCategories(unit, event, null, catalogue).map((c) => c.id)).toEqual([5, 7]);
    expect(allowedCategories({ baseId: 2 }, event, null, catalogue).map((c) => c.id)).toEqual([5, 7]);
    expect(allowedCategories({ baseId: 2 }, event, 5, catalogue).map((c) => c.id)).toContain(9);
  });
});
