/**
 * Demo event categories with their form inputs, actions and map markers. Category 5 is the default event
 * category (only `description` required), 17 holds linked events, codes KOPIS, DZIN-CALL, DZIN-EVENT and
 * DZIN-EVENT2 are the external systems' categories.
 */
type Input = {
  label: string;
  title: string | null;
  required: 0 | 1;
  sort: number;
  color: string | null;
  group: string | null;
  view: string | null;
  prepend: string | null;
  append: string | null;
  readonly: 0 | 1;
};

const input = (label: string, sort: number, extra: Partial<Input> = {}): Input => ({
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

/** The full form of a rescue event; `required` lists the fields the category demands. */
function eventInputs(required: string[], readonly: string[] = []): Record<string, Input> {
  const all: Record<string, Input> = {
    eventCategoryId: input('Kategorie', 1, { group: 'main' }),
    reporterNumber: input('Telefon oznamovatele', 2, { group: 'reporter', prepend: 'phone' }),
    reporterName: input('Jméno oznamovatele', 3, { group: 'reporter', prepend: 'person' }),
    reporterDescription: input('Popis oznamovatele', 4, { group: 'reporter' }),
    eventToBase: input('Jednotky', 5, { group: 'units', view: 'multiselect' }),
    serviceId: input('Služba', 6, { group: 'main' }),
    investigator: input('Vyšetřovatel', 7, { group: 'people' }),
    manager: input('Vedoucí zásahu', 8, { group: 'people' }),
    eventAccess: input('Přístup', 9, { group: 'units', view: 'multiselect' }),
    eventTerrainId: input('Terén', 10, { group: 'place', view: 'toggle' }),
    address: input('Adresa', 11, { group: 'place', prepend: 'place', append: 'search' }),
    addressDescription: input('Upřesnění místa', 12, { group: 'place' }),
    eventTypeId: input('Typ události', 13, { group: 'main' }),
    subject: input('Předmět', 14, { group: 'main' }),
    description: input('Popis události', 15, { group: 'main', view: 'textarea' }),
    startAt: input('Začátek', 16, { group: 'time', prepend: 'schedule' }),
    endAt: input('Konec', 17, { group: 'time', prepend: 'schedule' }),
  };
  for (const f of required) all[f] = { ...all[f], required: 1 };
  for (const f of readonly) all[f] = { ...all[f], readonly: 1 };
  return all;
}

const callInputs = (): Record<string, Input> => ({
  eventCategoryId: input('Kategorie', 1),
  reporterNumber: input('Telefon volajícího', 2, { required: 1, prepend: 'phone' }),
  reporterName: input('Jméno volajícího', 3, { prepend: 'person' }),
  address: input('Adresa', 4, { prepend: 'place', append: 'search' }),
  description: input('Obsah hovoru', 5, { view: 'textarea' }),
});

const action = (label: string, icon: string, extra: Record<string, string | null> = {}) => ({
  label,
  tooltip: null,
  confirm: null,
  icon,
  class: null,
  ...extra,
});

const EVENT_ACTIONS = {
  create: action('Založit', 'add', { class: 'primary' }),
  update: action('Uložit', 'save', { class: 'primary' }),
  close: action('Uzavřít', 'lock', { confirm: 'Opravdu uzavřít událost?' }),
  remove: action('Odebrat', 'delete', { confirm: 'Opravdu odebrat událost?', class: 'error' }),
  queue: action('Do fronty Spojaře', 'send', { tooltip: 'Odeslat událost do fronty Spojaře' }),
  calendar: action('Kalendář', 'event'),
};
const CALL_ACTIONS = {
  create: action('Založit', 'add', { class: 'primary' }),
  update: action('Uložit', 'save'),
  close: action('Ukončit hovor', 'call_end', { confirm: 'Ukončit hovor?' }),
  remove: action('Odebrat', 'delete', { confirm: 'Opravdu odebrat?' }),
};
const CHAT_ACTIONS = { update: action('Uložit', 'save'), close: action('Uzavřít', 'lock') };

const marker = (color: string, iconCharCode: string, shape = 'circle', scale = 1) => ({
  shape,
  color,
  scale,
  icon: null,
  iconFont: 'Material Icons',
  iconCharCode,
  iconFontFamily: 'Material Icons',
  iconColor: '#ffffff',
  iconOffset: [0, 0] as [number, number],
});

const EVENT_TABS = ['messages', 'map', 'contacts', 'resources', 'settings', 'history'];

export const EVENT_CATEGORIES = [
  {
    id: 1,
    name: 'Mimořádná událost',
    code: 'MU',
    codeShortName: 'MU',
    type: 'event',
    icon: 'local_fire_department',
    color: '#d32f2f',
    alert: 1,
    soundAssetId: 2,
    tabs: EVENT_TABS,
    sort: 1,
    inputs: eventInputs(['eventTypeId', 'address', 'description']),
    actions: EVENT_ACTIONS,
    defaultValues: { eventTypeId: 1, priorityId: 3, eventTerrainId: 1 },
    toggleCategoryIds: [5, 3],
    marker: marker('#d32f2f', 'e518', 'triangle', 1.2),
  },
  {
    id: 3,
    name: 'Událost KOPIS',
    code: 'KOPIS',
    codeShortName: 'KOP',
    type: 'event',
    icon: 'emergency',
    color: '#b71c1c',
    alert: 1,
    soundAssetId: 2,
    tabs: EVENT_TABS,
    sort: 2,
    inputs: eventInputs(['eventTypeId', 'description'], ['reporterNumber', 'reporterName']),
    actions: EVENT_ACTIONS,
    defaultValues: { eventSourceId: 3, priorityId: 3 },
    toggleCategoryIds: [1, 5],
    marker: marker('#b71c1c', 'e1d1', 'square', 1.2),
  },
  {
    id: 5,
    name: 'Událost',
    code: 'EVENT',
    codeShortName: 'UD',
    type: 'event',
    icon: 'report',
    color: '#f57c00',
    alert: 0,
    soundAssetId: null,
    tabs: EVENT_TABS,
    sort: 3,
    inputs: eventInputs(['description']),
    actions: EVENT_ACTIONS,
    defaultValues: { eventTypeId: 2, priorityId: 2, eventTerrainId: 1 },
    toggleCategoryIds: [1, 3],
    marker: marker('#f57c00', 'e002'),
  },
  {
    id: 7,
    name: 'Příjem volání',
    code: 'DZIN-CALL',
    codeShortName: 'VOL',
    type: 'call',
    icon: 'call',
    color: '#1976d2',
    alert: 1,
    soundAssetId: 3,
    tabs: ['contacts', 'history'],
    sort: 4,
    inputs: callInputs(),
    actions: CALL_ACTIONS,
    defaultValues: { eventSourceId: 4, eventTypeId: 12 },
    toggleCategoryIds: [5],
    marker: marker('#1976d2', 'e0b0'),
  },
  {
    id: 9,
    name: 'Chat jednotky',
    code: 'CHAT',
    codeShortName: 'CH',
    type: 'chat',
    icon: 'chat',
    color: '#00897b',
    alert: 0,
    soundAssetId: 4,
    tabs: ['messages', 'contacts'],
    sort: 5,
    inputs: { subject: input('Předmět', 1, { required: 1 }), description: input('Popis', 2, { view: 'textarea' }) },
    actions: CHAT_ACTIONS,
    defaultValues: { eventTypeId: 12 },
    toggleCategoryIds: [],
    marker: marker('#00897b', 'e0b7'),
  },
  {
    id: 11,
    name: 'Událost DŽIN',
    code: 'DZIN-EVENT',
    codeShortName: 'DŽIN',
    type: 'event',
    icon: 'train',
    color: '#6a1b9a',
    alert: 1,
    soundAssetId: 2,
    tabs: EVENT_TABS,
    sort: 6,
    inputs: eventInputs(['eventTypeId', 'address', 'description']),
    actions: EVENT_ACTIONS,
    defaultValues: { eventSourceId: 4, priorityId: 3 },
    toggleCategoryIds: [13],
    marker: marker('#6a1b9a', 'e570', 'triangle', 1.2),
  },
  {
    id: 12,
    name: 'Podpora',
    code: 'SUPPORT',
    codeShortName: 'POD',
    type: 'support',
    icon: 'support_agent',
    color: '#546e7a',
    alert: 0,
    soundAssetId: null,
    tabs: ['messages', 'history'],
    sort: 7,
    inputs: {
      subject: input('Předmět', 1, { required: 1 }),
      description: input('Popis požadavku', 2, { required: 1, view: 'textarea' }),
    },
    actions: CHAT_ACTIONS,
    defaultValues: { eventTypeId: 12 },
    toggleCategoryIds: [],
    marker: marker('#546e7a', 'e0c6'),
  },
  {
    id: 13,
    name: 'Událost DŽIN 2',
    code: 'DZIN-EVENT2',
    codeShortName: 'DŽIN2',
    type: 'event',
    icon: 'directions_railway',
    color: '#8e24aa',
    alert: 1,
    soundAssetId: 2,
    tabs: EVENT_TABS,
    sort: 8,
    inputs: eventInputs(['eventTypeId', 'description']),
    actions: EVENT_ACTIONS,
    defaultValues: { eventSourceId: 4, priorityId: 2 },
    toggleCategoryIds: [11],
    marker: marker('#8e24aa', 'e534', 'triangle'),
  },
  {
    id: 14,
    name: 'Monitoring',
    code: 'MONITOR',
    codeShortName: 'MON',
    type: 'monitor',
    icon: 'monitor_heart',
    color: '#0288d1',
    alert: 0,
    soundAssetId: null,
    tabs: ['map', 'history'],
    sort: 9,
    inputs: { subject: input('Předmět', 1), description: input('Popis', 2, { view: 'textarea' }) },
    actions: CHAT_ACTIONS,
    defaultValues: {},
    toggleCategoryIds: [15],
    marker: marker('#0288d1', 'e8f4', 'square', 0.8),
  },
  {
    id: 15,
    name: 'Data',
    code: 'DATA',
    codeShortName: 'DAT',
    type: 'data',
    icon: 'dataset',
    color: '#607d8b',
    alert: 0,
    soundAssetId: null,
    tabs: ['history'],
    sort: 10,
    inputs: { subject: input('Předmět', 1), description: input('Obsah', 2, { view: 'textarea' }) },
    actions: CHAT_ACTIONS,
    defaultValues: {},
    toggleCategoryIds: [14],
    marker: marker('#607d8b', 'e1db', 'square', 0.8),
  },
  {
    id: 17,
    name: 'Propojené události',
    code: 'LINKED',
    codeShortName: 'PROP',
    type: 'event',
    icon: 'link',
    color: '#37474f',
    alert: 0,
    soundAssetId: null,
    tabs: [...EVENT_TABS, 'external'],
    sort: 11,
    inputs: eventInputs(['description']),
    actions: EVENT_ACTIONS,
    defaultValues: { eventTypeId: 12 },
    toggleCategoryIds: [],
    marker: marker('#37474f', 'e157', 'circle', 1.1),
  },
];
