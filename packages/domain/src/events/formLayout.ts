/**
 * Event form layout and helpers (000 §2, §4): the category's inputs in sort order and groups, the defaults a
 * category change applies to an unsaved event, and the field-by-field difference shown on a 409 conflict.
 */
import type { CategoryInput, EventCategory } from '../sync/index';

export interface FormInput extends CategoryInput {
  field: string;
}

export interface InputGroup {
  group: string | null;
  inputs: FormInput[];
}

/** The category's inputs in their sort order (ties keep the declaration order). */
export function sortedInputs(inputs: Record<string, CategoryInput> | null | undefined): FormInput[] {
  return Object.entries(inputs ?? {})
    .map(([field, input]) => ({ ...input, field }))
    .sort((a, b) => Number(a.sort) - Number(b.sort));
}

/** Consecutive inputs of the same group form one block; groups keep the position of their first input. */
export function groupedInputs(inputs: Record<string, CategoryInput> | null | undefined): InputGroup[] {
  const groups: InputGroup[] = [];
  const byName = new Map<string, InputGroup>();
  for (const input of sortedInputs(inputs)) {
    const name = input.group ?? null;
    const existing = name !== null ? byName.get(name) : undefined;
    if (existing) {
      existing.inputs.push(input);
      continue;
    }
    const group: InputGroup = { group: name, inputs: [input] };
    groups.push(group);
    if (name !== null) byName.set(name, group);
  }
  return groups;
}

/** The category selector of a new event when its category does not list one (our label, as the demo's). */
export const NEW_EVENT_CATEGORY_INPUT: CategoryInput = {
  label: 'Kategorie',
  title: null,
  required: 0,
  sort: 0,
  color: null,
  group: null,
  view: null,
  prepend: null,
  append: null,
  readonly: 0,
};

/**
 * The inputs the form shows: the category's, and on a new (unsaved) event always a category selector first —
 * a category without one (e.g. a chat) must not take the way back to another category away (issue 24 item 3).
 */
export function formInputs(
  inputs: Record<string, CategoryInput> | null | undefined,
  isNew: boolean,
): Record<string, CategoryInput> {
  const own = inputs ?? {};
  if (!isNew || 'eventCategoryId' in own) return own;
  return { eventCategoryId: NEW_EVENT_CATEGORY_INPUT, ...own };
}

/**
 * Changing the category of an unsaved event: the new category id, its default values and start now (000 §4).
 * Returns the patch to apply over the event.
 */
export function categoryChangePatch(
  category: Pick<EventCategory, 'id' | 'defaultValues'>,
  now: Date = new Date(),
): Record<string, unknown> & { eventCategoryId: number; start: Date } {
  return { ...(category.defaultValues ?? {}), eventCategoryId: category.id, start: now };
}

export interface FieldChange {
  field: string;
  mine: unknown;
  theirs: unknown;
}

const same = (a: unknown, b: unknown): boolean => {
  const na = a === undefined || a === '' ? null : a;
  const nb = b === undefined || b === '' ? null : b;
  if (Array.isArray(na) || Array.isArray(nb)) {
    const sa = JSON.stringify([...((na as unknown[]) ?? [])].sort());
    const sb = JSON.stringify([...((nb as unknown[]) ?? [])].sort());
    return sa === sb;
  }
  return JSON.stringify(na) === JSON.stringify(nb);
};

/** Fields of `mine` whose value differs from `theirs` (the server's current event on a 409). */
export function eventChanges(
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  ignore: readonly string[] = ['version', 'uuid', 'id'],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(mine)) {
    if (ignore.includes(field) || !(field in theirs)) continue;
    if (!same(mine[field], theirs[field])) changes.push({ field, mine: mine[field], theirs: theirs[field] });
  }
  return changes;
}
