/**
 * Category fixtures of the tests, one shape for the domain's and the web's tests: a form input, a form action, a
 * partial category for the rules and a whole event category for the form. Used by tests only (not exported by
 * `events/index.ts`; the web's tests import `@panel/domain/events/testing`).
 */
import type { CategoryAction, CategoryInput, EventCategory } from '../sync/index';

/** A category input: an optional, editable field labelled 'x', first, ungrouped; `over` sets the rest. */
export const categoryInput = (over: Partial<CategoryInput> = {}): CategoryInput => ({
  label: 'x',
  title: null,
  required: 0,
  sort: 1,
  color: null,
  group: null,
  view: null,
  prepend: null,
  append: null,
  readonly: 0,
  ...over,
});

/** A category action (a form button) labelled `label`; `over` sets its tooltip, confirmation, icon or class. */
export const categoryAction = (label = 'x', over: Partial<CategoryAction> = {}): CategoryAction => ({
  label,
  tooltip: null,
  confirm: null,
  icon: null,
  class: null,
  ...over,
});

/** The part of a category the rules read: category 5 'EVENT' of type 'event' with these actions, no inputs. */
export const categoryWith = (
  actions: (keyof EventCategory['actions'])[],
  over: Partial<Pick<EventCategory, 'type' | 'code' | 'inputs' | 'id'>> = {},
): Partial<EventCategory> => ({
  id: 5,
  type: 'event',
  code: 'EVENT',
  inputs: {},
  actions: Object.fromEntries(actions.map((a) => [a, categoryAction()])),
  ...over,
});

/** Category `id` of type 'event' with the reporter, subject, description and time inputs; `extra` overrides. */
export const eventCategory = (id: number, extra: Partial<EventCategory> = {}): EventCategory => ({
  id,
  name: `Kat ${id}`,
  code: `K${id}`,
  codeShortName: null,
  type: 'event',
  icon: null,
  color: null,
  alert: 0,
  soundAssetId: null,
  tabs: ['settings'],
  sort: id,
  toggleCategoryIds: [],
  marker: null,
  defaultValues: {},
  inputs: {
    eventCategoryId: categoryInput({ label: 'Kategorie', sort: 1 }),
    reporterName: categoryInput({ label: 'Jméno oznamovatele', sort: 2 }),
    subject: categoryInput({ label: 'Předmět', sort: 3 }),
    investigator: categoryInput({ label: 'Vyšetřovatel', sort: 4 }),
    description: categoryInput({ label: 'Popis události', sort: 5, required: 1 }),
    startAt: categoryInput({ label: 'Začátek', sort: 6 }),
    endAt: categoryInput({ label: 'Konec', sort: 7 }),
  },
  actions: {
    create: categoryAction('Založit'),
    update: categoryAction('Uložit'),
    remove: categoryAction('Odebrat'),
  },
  ...extra,
});
