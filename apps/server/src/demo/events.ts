/**
 * A few live demo events at real railway places, with their units, tags, conversations (operational 1,
 * dispatcher 2), text messages, contacts and deployed vehicles. Times are relative to the seeding moment.
 */
export interface DemoMessage {
  category: 1 | 2;
  minutesAgo: number;
  sender: string;
  /** device code of the sender (null = the dispatch system) */
  device: string | null;
  content: string;
  tags?: string[];
}

export interface DemoJob {
  resource: string;
  status: number;
  minutesAgo: number;
}

export interface DemoContact {
  type: number;
  name: string;
  number: string;
  title?: string;
  custom?: boolean;
  persistent?: boolean;
  device?: string;
}

export interface DemoEvent {
  uuid: string;
  code: string;
  categoryId: number;
  typeId: number;
  priorityId: number;
  stateId: number;
  statusId: number;
  sourceId: number;
  terrainId: number;
  serviceId: number | null;
  baseCode: string;
  units: string[];
  tags: string[];
  subject: string;
  description: string;
  address: string;
  addressDescription: string | null;
  latitude: number;
  longitude: number;
  reporterName: string | null;
  reporterNumber: string | null;
  minutesAgo: number;
  trainNumber?: string;
  alert?: { title: string; subtitle: string; description: string };
  eventRoles?: number[];
  messages: DemoMessage[];
  jobs: DemoJob[];
  contacts: DemoContact[];
  parent?: string;
}

export const DEMO_EVENTS: DemoEvent[] = [
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a01',
    code: 'PHA-2025-0412',
    categoryId: 1,
    typeId: 9,
    priorityId: 4,
    stateId: 2,
    statusId: 18,
    sourceId: 1,
    terrainId: 1,
    serviceId: 1,
    baseCode: 'PHA',
    units: ['NYM'],
    tags: ['TRAKCE', 'C_MEDIA'],
    subject: 'Požár lokomotivy řady 363',
    description: 'Kouř z prostoru trakčních motorů lokomotivy nákladního vlaku, vlak stojí ve 3. koleji.',
    address: 'Praha-Libeň, žst., kolej 3',
    addressDescription: 'přístup z ulice Na Žertvách',
    latitude: 50.1009,
    longitude: 14.4957,
    reporterName: 'ING. KAREL SVOBODA',
    reporterNumber: '972226150',
    minutesAgo: 42,
    trainNumber: 'Pn 47731',
    messages: [
      {
        category: 1,
        minutesAgo: 40,
        sender: 'COIS',
        device: 'X-COIS-02',
        content: 'Vyjeďte k požáru lokomotivy, Praha-Libeň, kolej 3.',
      },
      {
        category: 1,
        minutesAgo: 36,
        sender: 'Velitel PHA',
        device: 'M-PHA-01',
        content: 'Vyjíždíme CAS 30 a TA-L, dojezd 6 minut.',
        tags: ['CONF'],
      },
      {
        category: 2,
        minutesAgo: 35,
        sender: 'COIS',
        device: 'X-COIS-02',
        content: 'Žádáme vypnutí a uzemnění trakčního vedení v obvodu žst. Praha-Libeň.',
      },
      {
        category: 2,
        minutesAgo: 31,
        sender: 'Dispečer SŽ',
        device: null,
        content: 'Trakce vypnuta a uzemněna v 10:12, kolej 3 a 5 vyloučena.',
      },
      {
        category: 1,
        minutesAgo: 24,
        sender: 'Velitel PHA',
        device: 'M-PHA-01',
        content: 'Na místě, požár v prostoru TM2, nasazujeme CO2, bez zranění.',
        tags: ['FWD_2'],
      },
      {
        category: 1,
        minutesAgo: 6,
        sender: 'Velitel PHA',
        device: 'T-PHA-01',
        content: 'Požár lokalizován, probíhá chlazení a kontrola termokamerou.',
      },
    ],
    jobs: [
      { resource: 'CAS 30 Tatra 815-7 PHA', status: 18, minutesAgo: 38 },
      { resource: 'TA-L VW Crafter PHA', status: 18, minutesAgo: 37 },
      { resource: 'CAS 30 Tatra 815-7 NYM', status: 15, minutesAgo: 20 },
    ],
    contacts: [
      { type: 22, name: 'npor. Jiří Beneš', number: '725341880', title: 'Velitel zásahu' },
      { type: 1, name: 'Ing. Karel Svoboda', number: '972226150' },
      { type: 6, name: 'Výpravčí Praha-Libeň', number: '972226100', persistent: true, custom: false },
      { type: 5, name: 'Mobil velitele PHA', number: '733104729', device: 'M-PHA-01', custom: false },
    ],
  },
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a02',
    code: 'BRN-2025-0198',
    categoryId: 5,
    typeId: 5,
    priorityId: 4,
    stateId: 2,
    statusId: 18,
    sourceId: 1,
    terrainId: 1,
    serviceId: 5,
    baseCode: 'BRN',
    units: [],
    tags: ['ZRANENI', 'C_DI'],
    subject: 'Srážka vlaku s osobou',
    description: 'Os 4911 srazil osobu v km 3,450, vlak zastaven, ZZS na cestě.',
    address: 'Brno-Židenice, trať 250, km 3,450',
    addressDescription: 'mezi zastávkou a přejezdem Gajdošova',
    latitude: 49.2043,
    longitude: 16.644,
    reporterName: 'STROJVEDOUCÍ OS 4911',
    reporterNumber: '602445118',
    minutesAgo: 25,
    trainNumber: 'Os 4911',
    messages: [
      {
        category: 1,
        minutesAgo: 23,
        sender: 'COIS',
        device: 'X-COIS-02',
        content: 'Srážka vlaku s osobou Brno-Židenice, vyjeďte.',
      },
      {
        category: 1,
        minutesAgo: 14,
        sender: 'Velitel BRN',
        device: 'M-BRN-01',
        content: 'Na místě, osoba bez známek života, předáno PČR.',
      },
      {
        category: 2,
        minutesAgo: 12,
        sender: 'COIS',
        device: 'X-COIS-02',
        content: 'Informována Drážní inspekce, provoz na 1. koleji zastaven.',
      },
    ],
    jobs: [
      { resource: 'CAS 30 Tatra 815-7 BRN', status: 18, minutesAgo: 22 },
      { resource: 'Inspektor Škoda Kodiaq BRN', status: 15, minutesAgo: 10 },
    ],
    contacts: [
      { type: 22, name: 'por. Michal Urban', number: '725118233', title: 'Velitel zásahu' },
      { type: 1, name: 'Strojvedoucí Os 4911', number: '602445118' },
    ],
  },
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a03',
    code: 'DZIN-118840',
    categoryId: 11,
    typeId: 8,
    priorityId: 3,
    stateId: 1,
    statusId: 17,
    sourceId: 4,
    terrainId: 2,
    serviceId: 6,
    baseCode: 'OLO',
    units: ['CTR'],
    tags: ['ISPO'],
    subject: 'Střet vlaku s osobním automobilem na přejezdu',
    description: 'Sp 1742 se střetl s osobním automobilem na přejezdu P7890, řidič zaklíněn.',
    address: 'Olomouc-Nemilany, přejezd P7890',
    addressDescription: null,
    latitude: 49.5649,
    longitude: 17.2535,
    reporterName: null,
    reporterNumber: '972741200',
    minutesAgo: 12,
    trainNumber: 'Sp 1742',
    messages: [
      {
        category: 1,
        minutesAgo: 11,
        sender: 'COIS',
        device: 'X-COIS-01',
        content: 'Vyjeďte k nehodě na přejezdu P7890, zaklíněná osoba.',
      },
    ],
    jobs: [
      { resource: 'VYA Mercedes Unimog OLO', status: 15, minutesAgo: 9 },
      { resource: 'CAS 30 Tatra 815-7 OLO', status: 14, minutesAgo: 2 },
    ],
    contacts: [{ type: 3, name: 'Dispečer SŽ Olomouc', number: '972741200', custom: false, persistent: true }],
  },
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a04',
    code: 'KOPIS-T-2025-7781',
    categoryId: 3,
    typeId: 4,
    priorityId: 3,
    stateId: 2,
    statusId: 7,
    sourceId: 3,
    terrainId: 1,
    serviceId: 4,
    baseCode: 'OVA',
    units: [],
    tags: ['RID', 'ISPO_QUEUE'],
    subject: 'Únik kapaliny z cisternového vozu',
    description: 'Odkapávání z výpustného ventilu cisterny (UN 1203, benzin), vůz odstaven na 12. koleji.',
    address: 'Ostrava hl.n., kolej 12',
    addressDescription: 'nákladové nádraží',
    latitude: 49.8573,
    longitude: 18.2725,
    reporterName: 'KOPIS MSK',
    reporterNumber: '950730150',
    minutesAgo: 75,
    messages: [
      {
        category: 1,
        minutesAgo: 70,
        sender: 'KOPIS MSK',
        device: null,
        content: 'Předání události z KOPIS: únik NL z cisterny, Ostrava hl.n.',
      },
      {
        category: 1,
        minutesAgo: 52,
        sender: 'Velitel OVA',
        device: 'M-OVA-01',
        content: 'Únik zastaven utěsněním ventilu, sorbent nasazen.',
        tags: ['ISV'],
      },
    ],
    jobs: [
      { resource: 'CAS 20 Scania P 360 OVA', status: 18, minutesAgo: 68 },
      { resource: 'Dron DJI Matrice 30T OVA', status: 19, minutesAgo: 66 },
    ],
    contacts: [{ type: 22, name: 'kpt. Ondřej Sýkora', number: '725990144', title: 'Velitel zásahu' }],
  },
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a05',
    code: 'CALL-2025-55120',
    categoryId: 7,
    typeId: 12,
    priorityId: 2,
    stateId: 0,
    statusId: 1,
    sourceId: 4,
    terrainId: 1,
    serviceId: null,
    baseCode: 'COIS',
    units: [],
    tags: [],
    subject: 'Příchozí volání',
    description: 'Oznámení kouře u trati za zastávkou Praha-Podbaba.',
    address: 'Praha-Podbaba',
    addressDescription: null,
    latitude: 50.1176,
    longitude: 14.3951,
    reporterName: null,
    reporterNumber: '731556920',
    minutesAgo: 1,
    alert: { title: 'Příchozí volání', subtitle: '731 556 920', description: 'Kouř u trati Praha-Podbaba' },
    messages: [],
    jobs: [],
    contacts: [{ type: 1, name: 'Volající', number: '731556920' }],
  },
  {
    // a unit's incoming call (issue 12 item 1): it alerts the unit Praha and the central dispatch, who may both
    // accept it; the call above, received at the central base, alerts nobody (it is on the dispatcher's phone)
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a08',
    code: 'CALL-2025-55121',
    categoryId: 7,
    typeId: 12,
    priorityId: 2,
    stateId: 0,
    statusId: 1,
    sourceId: 4,
    terrainId: 1,
    serviceId: null,
    baseCode: 'PHA',
    units: [],
    tags: [],
    subject: 'Příchozí volání',
    description: 'Jiskření trakčního vedení nad 3. kolejí, stanice Praha-Libeň.',
    address: 'Praha-Libeň',
    addressDescription: null,
    latitude: 50.1002,
    longitude: 14.4896,
    reporterName: null,
    reporterNumber: '602318447',
    minutesAgo: 2,
    alert: {
      title: 'Příchozí volání',
      subtitle: '602 318 447',
      description: 'Jiskření trakčního vedení, Praha-Libeň',
    },
    messages: [],
    jobs: [],
    contacts: [{ type: 1, name: 'Volající', number: '602318447' }],
  },
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a06',
    code: 'LINK-2025-0007',
    categoryId: 17,
    typeId: 12,
    priorityId: 2,
    stateId: 2,
    statusId: 5,
    sourceId: 2,
    terrainId: 1,
    serviceId: null,
    baseCode: 'OLO',
    units: ['CTR'],
    tags: [],
    subject: 'Propojené události – přejezd P7890',
    description: 'Souhrn hlášení k nehodě na přejezdu P7890.',
    address: 'Olomouc-Nemilany',
    addressDescription: null,
    latitude: 49.5652,
    longitude: 17.2531,
    reporterName: null,
    reporterNumber: null,
    minutesAgo: 10,
    messages: [],
    jobs: [],
    contacts: [],
  },
  {
    uuid: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a07',
    code: 'PLZ-2025-0233',
    categoryId: 5,
    typeId: 2,
    priorityId: 1,
    stateId: 5,
    statusId: 11,
    sourceId: 2,
    terrainId: 3,
    serviceId: 2,
    baseCode: 'PLZ',
    units: [],
    tags: [],
    subject: 'Spadlý strom do kolejiště',
    description: 'Strom přes obě koleje, odstraněn, provoz obnoven.',
    address: 'Plzeň-Doubravka, trať 170',
    addressDescription: null,
    latitude: 49.7561,
    longitude: 13.4238,
    reporterName: null,
    reporterNumber: '972523611',
    minutesAgo: 600,
    messages: [
      {
        category: 1,
        minutesAgo: 590,
        sender: 'Velitel PLZ',
        device: 'M-PLZ-01',
        content: 'Strom odstraněn, kolej volná.',
      },
    ],
    jobs: [],
    contacts: [],
  },
];

/** Links: the linked-events summary (source) points at the crossing event (target). */
export const DEMO_LINKS = [
  { source: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a06', target: '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a03' },
];
