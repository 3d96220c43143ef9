/** Category fixtures of the event form tests: a form input and an event category with the form's defaults. */
import type { EventCategory } from '@panel/domain/sync';

export const input = (label: string, sort: number, extra = {}) => ({
  label,
  title: null,
  required: 0,
  sort,
  color: null,
  group: null,
  view: null,
  prepend: null,
  append: null,
  readonly: 0,
  ...extra,
});

export const action = (label: string) => ({ label, tooltip: null, confirm: null, icon: null, class: null });

/** Category `id` of type 'event' with the reporter, subject, description and time inputs; `extra` overrides. */
export const category = (id: number, extra: Partial<EventCategory> = {}): EventCategory =>
  ({
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
      eventCategoryId: input('Kategorie', 1),
      reporterName: input('Jméno oznamovatele', 2),
      subject: input('Předmět', 3),
      investigator: input('Vyšetřovatel', 4),
      description: input('Popis události', 5, { required: 1 }),
      startAt: input('Začátek', 6),
      endAt: input('Konec', 7),
    },
    actions: { create: action('Založit'), update: action('Uložit'), remove: action('Odebrat') },
    ...extra,
  }) as EventCategory;
