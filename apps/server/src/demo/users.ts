/** Demo roles, groups, permission grants and accounts (all with password `panel-demo`). */
export const DEMO_PASSWORD = 'panel-demo';

export const ROLES = [
  { id: 1, name: 'admin', description: 'Správce systému' },
  { id: 2, name: 'udrp', description: 'Operátor ÚDRP' },
  { id: 3, name: 'operator', description: 'Operátor jednotky' },
];

export const GROUPS = [
  { id: 1, name: 'COIS', description: 'Centrální operační a informační středisko' },
  { id: 2, name: 'MNG', description: 'Vedení HZS SŽ' },
];

const CENTRAL_PERMISSIONS = [
  'event.create',
  'event.update',
  'event.updateState',
  'eventContact.create',
  'eventJob.create',
  'device.all',
];
const UNIT_PERMISSIONS = ['event.create', 'event.update', 'eventContact.create', 'eventJob.create'];

export const PERMISSION_GRANTS: { permission: string; role?: string; group?: string }[] = [
  ...CENTRAL_PERMISSIONS.map((permission) => ({ permission, group: 'COIS' })),
  ...CENTRAL_PERMISSIONS.map((permission) => ({ permission, role: 'admin' })),
  ...UNIT_PERMISSIONS.map((permission) => ({ permission, role: 'operator' })),
  { permission: 'eventContact.create', role: 'udrp' },
  // the Spojař queue API (GET /v2/queue, POST /v2/queue/{id}/take) for the external dispatcher system
  { permission: 'queue.view', role: 'admin' },
  { permission: 'queue.take', role: 'admin' },
];

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  baseCode: string;
  roles: string[];
  groups: string[];
  /** device codes the user may confirm at login (first = default) */
  devices: string[];
  /** what server.ts prints */
  description: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    firstName: 'Jan',
    lastName: 'Správce',
    baseCode: 'COIS',
    roles: ['admin'],
    groups: [],
    devices: ['X-COIS-01'],
    description: 'role admin, centrální dispečink',
  },
  {
    username: 'dispecer',
    firstName: 'Petra',
    lastName: 'Nováková',
    baseCode: 'COIS',
    roles: ['operator'],
    groups: ['COIS'],
    devices: ['X-COIS-02', 'M-COIS-01'],
    description: 'centrální dispečink, skupina COIS',
  },
  {
    username: 'jednotka',
    firstName: 'Tomáš',
    lastName: 'Dvořák',
    baseCode: 'PHA',
    roles: ['operator'],
    groups: [],
    devices: ['T-PHA-01', 'M-PHA-01'],
    description: 'jednotka Praha, role operator',
  },
  {
    username: 'mng',
    firstName: 'Martin',
    lastName: 'Vedoucí',
    baseCode: 'RHZ',
    roles: [],
    groups: ['MNG'],
    devices: ['X-RHZ-01'],
    description: 'skupina MNG, jen čtení',
  },
  {
    username: 'udrp',
    firstName: 'Lucie',
    lastName: 'Králová',
    baseCode: 'COIS',
    roles: ['udrp'],
    groups: [],
    devices: ['X-COIS-03'],
    description: 'role udrp',
  },
  {
    username: 'brno',
    firstName: 'Pavel',
    lastName: 'Horák',
    baseCode: 'BRN',
    roles: ['operator'],
    groups: [],
    devices: ['T-BRN-01'],
    description: 'jednotka Brno, role operator',
  },
  {
    username: 'ostrava',
    firstName: 'Radek',
    lastName: 'Kolář',
    baseCode: 'OVA',
    roles: ['operator'],
    groups: [],
    devices: ['T-OVA-01'],
    description: 'jednotka Ostrava, role operator',
  },
];

/** The accounts server.ts prints at start. */
export const DEMO_ACCOUNTS = DEMO_USERS.slice(0, 5).map((u) => ({
  username: u.username,
  password: DEMO_PASSWORD,
  description: u.description,
}));
