import { describe, expect, it } from 'vitest';
import { categoryWith } from './testing';
import { canEditCategory } from './writeRules';

const event = { id: 10, baseId: 7, parentId: null, eventStateId: 1 };

describe('canEditCategory', () => {
  it('own or central base on an active event', () => {
    const cat = categoryWith(['update']);
    expect(canEditCategory({ baseId: 7 }, event, cat)).toBe(true);
    expect(canEditCategory({ baseId: 2 }, event, cat)).toBe(true);
    expect(canEditCategory({ baseId: 9 }, event, cat)).toBe(false);
    expect(canEditCategory({ baseId: 7 }, { ...event, eventStateId: 5 }, cat)).toBe(false);
  });
  it("not when an ISPO/ISPO_QUEUE tag's settings lock it, nor when the input is readonly", () => {
    const cat = categoryWith(['update']);
    const locks = { locked: ['eventCategoryId'] };
    expect(canEditCategory({ baseId: 7 }, event, cat, [{ code: 'ISPO', options: locks }])).toBe(false);
    expect(canEditCategory({ baseId: 7 }, event, cat, [{ code: 'ISPO_QUEUE', options: locks }])).toBe(false);
    // a tag whose settings do not lock the category leaves it editable
    expect(canEditCategory({ baseId: 7 }, event, cat, [{ code: 'ISPO', options: { locked: ['address'] } }])).toBe(true);
    const ro = categoryWith(['update'], {
      inputs: { eventCategoryId: { label: 'Kategorie', readonly: 1 } } as never,
    });
    expect(canEditCategory({ baseId: 7 }, event, ro)).toBe(false);
  });
});
