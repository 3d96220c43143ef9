/** Demo catalogues: priorities, event types, services, terrains, states, statuses, sources, tags, event roles,
 * contact types, message categories/types/templates/tags, job statuses, resource types, sound assets. */

/** The rows, each with `sort` numbered in the order they are listed here (1, 2, …). */
const numbered = <T extends object>(rows: T[]) => rows.map((r, i) => ({ ...r, sort: i + 1 }));

export const PRIORITIES = [
  { id: 1, code: 'LOW', name: 'Nízká', color: '#4caf50', sort: 1 },
  { id: 2, code: 'NORMAL', name: 'Normální', color: '#2196f3', sort: 2 },
  { id: 3, code: 'HIGH', name: 'Vysoká', color: '#ff9800', sort: 3 },
  { id: 4, code: 'CRITICAL', name: 'Kritická', color: '#f44336', sort: 4 },
];

/** The twelve event types of 000 §9 (priority 1 = urgent). */
export const EVENT_TYPES = numbered([
  { id: 1, code: 'POZAR', name: 'Požár', priority: 1 },
  { id: 2, code: 'TP', name: 'Technická pomoc', priority: 0 },
  { id: 3, code: 'DN', name: 'Dopravní nehoda', priority: 1 },
  { id: 4, code: 'UNL', name: 'Únik nebezpečné látky', priority: 1 },
  { id: 5, code: 'SVO', name: 'Srážka vlaku s osobou', priority: 1 },
  { id: 6, code: 'VYK', name: 'Vykolejení', priority: 1 },
  { id: 7, code: 'SVV', name: 'Srážka vlaků', priority: 1 },
  { id: 8, code: 'PREJ', name: 'Střet vlaku s vozidlem na přejezdu', priority: 1 },
  { id: 9, code: 'POZKV', name: 'Požár kolejového vozidla', priority: 1 },
  { id: 10, code: 'ZACH', name: 'Záchrana osob a zvířat', priority: 1 },
  { id: 11, code: 'PP', name: 'Planý poplach', priority: 0 },
  { id: 12, code: 'JINE', name: 'Jiná událost', priority: 0 },
]);

export const SERVICES = numbered([
  { id: 1, code: 'HAS', name: 'Hašení požáru', eventTypeId: 1 },
  { id: 2, code: 'TP', name: 'Technická pomoc', eventTypeId: 2 },
  { id: 3, code: 'DN', name: 'Zásah u dopravní nehody', eventTypeId: 3 },
  { id: 4, code: 'NL', name: 'Nebezpečné látky', eventTypeId: 4 },
  { id: 5, code: 'ZACH', name: 'Záchrana osob', eventTypeId: 10 },
  { id: 6, code: 'PREJ', name: 'Nehoda na přejezdu', eventTypeId: 8 },
]);

export const TERRAINS = numbered([
  { id: 1, code: 'RAIL', name: 'Železnice', icon: 'train' },
  { id: 2, code: 'ROAD', name: 'Silnice', icon: 'directions_car' },
  { id: 3, code: 'FIELD', name: 'Volný terén', icon: 'terrain' },
  { id: 4, code: 'BUILDING', name: 'Budova', icon: 'business' },
  { id: 5, code: 'TUNNEL', name: 'Tunel', icon: 'subway' },
  { id: 6, code: 'BRIDGE', name: 'Most', icon: 'architecture' },
]);

/** 000 §4: inactive 3, 4, 5, 6, 7 (6 deleted). */
export const EVENT_STATES = [
  { id: 0, code: 'ALERT', name: 'Nová – upozornění', active: 1 },
  { id: 1, code: 'DISPATCH', name: 'K odbavení', active: 1 },
  { id: 2, code: 'TAKEN', name: 'Převzatá', active: 1 },
  { id: 3, code: 'ENDED', name: 'Ukončená', active: 0 },
  { id: 4, code: 'LINKED', name: 'Připojená k jiné události', active: 0 },
  { id: 5, code: 'CLOSED', name: 'Uzavřená', active: 0 },
  { id: 6, code: 'DELETED', name: 'Smazaná', active: 0 },
  { id: 7, code: 'ARCHIVED', name: 'Archivovaná', active: 0 },
  { id: 14, code: 'NO_COMMANDER', name: 'Bez velitele zásahu', active: 1 },
];

/** 21 status codes from 100 to 800; 2 new, 6 ended, 11 closed (000 §4). */
export const EVENT_STATUSES: { id: number; code: number; name: string }[] = [
  [1, 100, 'Čekající'],
  [2, 110, 'Inicializovaná'],
  [3, 200, 'Převzatá'],
  [4, 210, 'Odložená'],
  [5, 300, 'Otevřená'],
  [6, 600, 'Ukončená'],
  [7, 400, 'Lokalizovaná'],
  [8, 500, 'Zlikvidovaná'],
  [9, 510, 'Dohašování'],
  [10, 520, 'Pod dohledem'],
  [11, 700, 'Uzavřená'],
  [12, 710, 'Exportovaná'],
  [13, 720, 'Příprava archivace'],
  [14, 800, 'Archivovaná'],
  [15, 120, 'Předaná KOPIS'],
  [16, 130, 'Ve frontě Spojaře'],
  [17, 310, 'Jednotka na cestě'],
  [18, 320, 'Jednotka na místě'],
  [19, 530, 'Šetření příčiny'],
  [20, 540, 'Předaná Policii ČR'],
  [21, 610, 'Zrušená'],
].map(([id, code, name]) => ({ id: id as number, code: code as number, name: name as string }));

export const EVENT_SOURCES = [
  { id: 1, code: 'PHONE', name: 'Telefon' },
  { id: 2, code: 'PANEL', name: 'Panel' },
  { id: 3, code: 'KOPIS', name: 'KOPIS HZS ČR' },
  { id: 4, code: 'DZIN', name: 'DŽIN' },
  { id: 5, code: 'MOBILE', name: 'Mobilní aplikace' },
];

export const TAG_CATEGORIES = [
  { id: 1, code: 'ISPO', name: 'ISPO' },
  { id: 2, code: 'CENTRAL', name: 'Centrální dispečink' },
  { id: 3, code: 'CHAR', name: 'Charakter události' },
];

/**
 * The inputs ISPO and ISPO_QUEUE lock (tag settings `options.locked`, read by the domain's `lockedInputs`): the
 * external dispatcher system owns the category, type, place, texts and priority of an event it holds or queues.
 */
const ISPO_LOCKED = [
  'eventCategoryId',
  'eventTypeId',
  'address',
  'targetLatitude',
  'targetLongitude',
  'subject',
  'description',
  'priorityId',
];

export const TAGS = numbered([
  {
    id: 1,
    tagCategoryId: 1,
    code: 'ISPO',
    name: 'ISPO',
    color: '#6a1b9a',
    options: { locked: ISPO_LOCKED },
  },
  {
    id: 2,
    tagCategoryId: 1,
    code: 'ISPO_QUEUE',
    name: 'Ve frontě ISPO',
    color: '#8e24aa',
    options: { locked: ISPO_LOCKED },
  },
  { id: 3, tagCategoryId: 2, code: 'C_MEDIA', name: 'Medializováno', color: '#c62828', options: {} },
  { id: 4, tagCategoryId: 2, code: 'C_GR', name: 'Hlášení GŘ', color: '#ad1457', options: {} },
  { id: 5, tagCategoryId: 2, code: 'C_DI', name: 'Šetření Drážní inspekce', color: '#4527a0', options: {} },
  { id: 6, tagCategoryId: 3, code: 'RID', name: 'Nebezpečné věci (RID)', color: '#ef6c00', options: {} },
  { id: 7, tagCategoryId: 3, code: 'ZRANENI', name: 'Zranění osob', color: '#d32f2f', options: {} },
  { id: 8, tagCategoryId: 3, code: 'VYLUKA', name: 'Výluka provozu', color: '#455a64', options: {} },
  { id: 9, tagCategoryId: 3, code: 'TRAKCE', name: 'Vypnuté trakční vedení', color: '#f9a825', options: {} },
]);

export const EVENT_ROLES = [
  { id: 50, code: 'DEFAULT', name: 'Výchozí', permissions: ['eventContact.create', 'eventJob.create', 'event.update'] },
  { id: 51, code: 'SOUND', name: 'Zvukové dialogy', permissions: ['message1.manage', 'message2.manage'] },
  { id: 52, code: 'READONLY', name: 'Jen pro čtení', permissions: [] },
];

/** 4 default, 5 device contact; 22, 19, 2 resolver candidates (22 = commander). */
export const CONTACT_TYPES = [
  { id: 1, code: 'REPORTER', name: 'Oznamovatel', icon: 'record_voice_over', priority: 40, resolver: false },
  { id: 2, code: 'SHIFT_LEAD', name: 'Vedoucí směny', icon: 'supervisor_account', priority: 60, resolver: true },
  { id: 3, code: 'DISPATCHER', name: 'Dispečer SŽ', icon: 'headset_mic', priority: 50, resolver: false },
  { id: 4, code: 'DEFAULT', name: 'Kontakt', icon: 'person', priority: 10, resolver: false },
  { id: 5, code: 'DEVICE', name: 'Zařízení', icon: 'smartphone', priority: 20, resolver: false },
  { id: 6, code: 'STATION', name: 'Výpravčí', icon: 'train', priority: 30, resolver: false },
  { id: 13, code: 'HUNTING', name: 'Myslivecké sdružení', icon: 'forest', priority: 5, resolver: false },
  { id: 19, code: 'RESOLVER', name: 'Řešitel', icon: 'engineering', priority: 80, resolver: true },
  { id: 22, code: 'COMMANDER', name: 'Velitel zásahu', icon: 'local_fire_department', priority: 100, resolver: true },
];

export const MESSAGE_CATEGORIES = [
  { id: 1, name: 'Operační', color: '#1565c0', unreadClass: 'unread-operational' },
  { id: 2, name: 'Dispečerský', color: '#2e7d32', unreadClass: 'unread-dispatcher' },
];

export const MESSAGE_TYPES: { code: string; name: string }[] = [
  ['X03', 'Text'],
  ['X05', 'Systémová zpráva'],
  ['X11', 'Rádiová relace'],
  ['X21', 'Snímek mapy'],
  ['X22', 'Fotografie a přílohy'],
  ['X23', 'Vlak'],
  ['X24', 'Snímek trati'],
  ['X25', 'Katastr'],
  ['X50', 'Porovnání snímků'],
  ['X55', 'Panorama'],
  ['INST-01', 'Pokyn k výjezdu'],
  ['INST-03', 'Pokyn k potvrzení'],
  ['INST-18', 'Pokyn k návratu'],
].map(([code, name]) => ({ code, name }));

export const MESSAGE_TEMPLATES = numbered(
  [
    { name: 'Potvrzení výjezdu', content: 'Vyjíždíme, předpokládaný dojezd {eta} min.', messageCategoryId: 1 },
    { name: 'Na místě', content: 'Jednotka na místě zásahu, provádíme průzkum.', messageCategoryId: 1 },
    {
      name: 'Vypnutí trakce',
      content: 'Žádáme vypnutí a uzemnění trakčního vedení v úseku zásahu.',
      messageCategoryId: 2,
    },
    { name: 'Výluka koleje', content: 'Žádáme zastavení provozu na obou kolejích.', messageCategoryId: 2 },
    { name: 'Lokalizováno', content: 'Událost lokalizována, další síly nejsou potřeba.', messageCategoryId: 1 },
  ].map((t) => ({ ...t, type: 'X03' })),
);

export const MESSAGE_TAGS = numbered([
  {
    code: 'FWD_1',
    name: 'Přeposlat do operační',
    color: '#1565c0',
    colorText: '#ffffff',
    tooltipActive: 'Přeposláno do operační konverzace',
    tooltipInactive: 'Přeposlat do operační konverzace',
    options: { canRemove: 0 },
  },
  {
    code: 'FWD_2',
    name: 'Přeposlat do dispečerské',
    color: '#2e7d32',
    colorText: '#ffffff',
    tooltipActive: 'Přeposláno do dispečerské konverzace',
    tooltipInactive: 'Přeposlat do dispečerské konverzace',
    options: { canRemove: 0 },
  },
  {
    code: 'ISV',
    name: 'ISV',
    color: '#6d4c41',
    colorText: '#ffffff',
    tooltipActive: 'Odesláno do ISV',
    tooltipInactive: 'Odeslat do ISV',
    options: { canRemove: 0 },
  },
  {
    code: 'CONF',
    name: 'Potvrzeno',
    color: '#00897b',
    colorText: '#ffffff',
    tooltipActive: 'Zpráva potvrzena',
    tooltipInactive: 'Potvrdit zprávu',
    options: { canRemove: 1 },
  },
  {
    code: 'DZIN_INPUT',
    name: 'DŽIN',
    color: '#f9a825',
    colorText: '#000000',
    tooltipActive: 'Převzato do DŽIN',
    tooltipInactive: 'Otevřít v aplikaci DŽIN',
    options: { canRemove: 1 },
  },
  {
    // a plain tag (no action of its own): the dispatcher marks a message and removes the mark again
    code: 'DULEZITE',
    name: 'Důležité',
    color: '#c62828',
    colorText: '#ffffff',
    tooltipActive: 'Označeno jako důležité (kliknutím zrušíte)',
    tooltipInactive: 'Označit jako důležité',
    options: { canRemove: 1 },
  },
]);

/** 000 §4: 14 departure order … 20 at base. */
export const JOB_STATUSES = numbered([
  { id: 14, code: 'ORDER', name: 'Pořadí výjezdu', color: '#9e9e9e' },
  { id: 15, code: 'ON_WAY', name: 'Na cestě', color: '#ff9800' },
  { id: 16, code: 'APPROACH', name: 'Blíží se k místu', color: '#ffb300' },
  { id: 17, code: 'RECON', name: 'Průzkum', color: '#f4511e' },
  { id: 18, code: 'AT_SCENE', name: 'Na místě', color: '#e53935' },
  { id: 19, code: 'RETURN', name: 'Návrat', color: '#43a047' },
  { id: 20, code: 'AT_BASE', name: 'Na základně', color: '#1e88e5' },
]);

/** Type 1 always uses template 1 (000 §3). */
export const RESOURCE_TYPES = numbered([
  {
    id: 1,
    code: 'CAS',
    name: 'Cisternová automobilová stříkačka',
    options: { icon: { file: 'cas.svg' }, resourceTemplateId: 1 },
  },
  { id: 2, code: 'TA', name: 'Technický automobil', options: { icon: { file: 'ta.svg' }, resourceTemplateId: 2 } },
  { id: 3, code: 'VYA', name: 'Vyprošťovací automobil', options: { icon: { file: 'vya.svg' }, resourceTemplateId: 2 } },
  { id: 4, code: 'DA', name: 'Dopravní automobil', options: { icon: { file: 'da.svg' }, resourceTemplateId: 3 } },
  { id: 5, code: 'DRON', name: 'Dron', options: { icon: { file: 'dron.svg' }, resourceTemplateId: 4 } },
  { id: 6, code: 'INSP', name: 'Inspektor', options: { icon: { file: 'inspektor.svg' }, resourceTemplateId: 3 } },
  {
    id: 7,
    code: 'KV',
    name: 'Zásahové kolejové vozidlo',
    options: { icon: { file: 'kv.svg' }, resourceTemplateId: 5 },
  },
]);

export const SOUND_ASSETS = [
  { code: 'login', name: 'Přihlášení', type: 'login', file: 'sounds/login.mp3' },
  { code: 'alarm', name: 'Poplach', type: 'event', file: 'sounds/alarm.mp3' },
  { code: 'call', name: 'Příchozí volání', type: 'event', file: 'sounds/call.mp3' },
  { code: 'message', name: 'Nová zpráva', type: 'message', file: 'sounds/message.mp3' },
  { code: 'radio', name: 'Rádiová relace', type: 'message', file: 'sounds/radio.mp3' },
];
