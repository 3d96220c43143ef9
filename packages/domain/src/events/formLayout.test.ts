import { describe, expect, it } from 'vitest';
import { categoryInput } from './testing';
import {
  NEW_EVENT_CATEGORY_INPUT,
  categoryChangePatch,
  eventChanges,
  formInputs,
  groupedInputs,
  sortedInputs,
} from './formLayout';

const input = (label: string, sort: number, group: string | null = null) => categoryInput({ label, sort, group });

describe('event form layout', () => {
  const inputs = { c: input('C', 3, 'b'), a: input('A', 1, 'a'), b: input('B', 2, 'b'), d: input('D', 4, 'a') };

  it('orders inputs by sort', () => {
    expect(sortedInputs(inputs).map((i) => i.field)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('groups inputs at the position of the group first input', () => {
    expect(groupedInputs(inputs).map((g) => [g.group, g.inputs.map((i) => i.field)])).toEqual([
      ['a', ['a', 'd']],
      ['b', ['b', 'c']],
    ]);
  });

  it('a category change gives its defaults, id and start now', () => {
    const now = new Date(2026, 0, 1);
    expect(categoryChangePatch({ id: 3, defaultValues: { priorityId: 3 } }, now)).toEqual({
      priorityId: 3,
      eventCategoryId: 3,
      start: now,
    });
  });

  it('lists the fields where mine and theirs differ', () => {
    expect(
      eventChanges(
        { description: 'a', subject: '', eventToBase: [2, 1], version: 1 },
        { description: 'b', subject: null, eventToBase: [1, 2], version: 2 },
      ),
    ).toEqual([{ field: 'description', mine: 'a', theirs: 'b' }]);
  });
});

describe('formInputs: a new event always has its category selector (issue 24 item 3)', () => {
  const chat = { subject: input('Předmět', 1), description: input('Popis', 2) };
  it('adds the selector first on a new event whose category lists none', () => {
    const shown = formInputs(chat, true);
    expect(shown.eventCategoryId).toBe(NEW_EVENT_CATEGORY_INPUT);
    expect(sortedInputs(shown).map((i) => i.field)).toEqual(['eventCategoryId', 'subject', 'description']);
  });
  it("keeps the category's own selector and adds none to a saved event", () => {
    const own = { eventCategoryId: input('Druh', 5), ...chat };
    expect(formInputs(own, true)).toBe(own);
    expect(formInputs(chat, false)).toBe(chat);
    expect(formInputs(null, true)).toEqual({ eventCategoryId: NEW_EVENT_CATEGORY_INPUT });
  });
});
