/**
 * Texts of the device overview, the device detail and the microphone test. Spec texts come from the domain
 * catalogue (verbatim); the labels the spec does not give are ours and marked so.
 */
import { texts } from '@panel/domain/locale';
import type { DeviceTestParameter, DeviceTestStatus } from '@panel/domain/devices';
import { CAPTURE_TEXTS } from '../messages/capture/texts';

const { devices, shell, micTest } = texts;

export const DEVICE_TEXTS = {
  menuItem: shell.options.manageDevices,
  title: devices.dialogTitle,
  testAll: devices.testAll,
  tables: devices.tables,
  show: devices.show,
  hide: devices.hide,
  columns: devices.columns,
  test: devices.test,
  testing: devices.testing,
  testRequested: devices.testRequested,
  detail: devices.detail,
  unit: shell.unit,
  close: 'Zavřít', // ours
  loading: 'Načítám…', // ours
  loadFailed: 'Zařízení se nepodařilo načíst.', // ours
  testFailed: 'Test se nepodařilo zadat.', // ours
  empty: 'Žádná zařízení', // ours
  noTestAllDevices: 'Jednotka nemá žádné služební zařízení k otestování.', // ours
  sim: devices.columns.sim,
  parameter: 'Parametr', // ours
  value: 'Hodnota', // ours
  state: 'Stav', // ours
  instruction: 'Pokyn', // ours
  testRequestedAt: 'Test zadán', // ours
  mode: { active: 'aktivní', inactive: 'neaktivní' }, // ours (Device.status 1 / 0)
  yes: 'ano', // ours
  no: 'ne', // ours
  /** the overall result of a daily test (row text and detail), ours */
  status: {
    ok: 'v pořádku',
    warning: 'upozornění',
    error: 'chyba',
    unknown: 'netestováno',
  } satisfies Record<DeviceTestStatus, string>,
  /** status of one parameter row, ours */
  parameterStatus: {
    ok: 'v pořádku',
    warning: 'upozornění',
    error: 'chyba',
    unknown: 'nezjištěno',
  } satisfies Record<DeviceTestStatus, string>,
  /** parameter names of the detail table, ours (001 §3 gives only the keys) */
  parameters: {
    status: 'Režim aplikace',
    device: 'Zařízení',
    app_version: 'Verze aplikace',
    expect_app_version: 'Očekávaná verze aplikace',
    mobile_data_enabled: 'Mobilní data',
    wifi_enabled: 'WIFI',
    gps_enabled: 'Sledování polohy (GPS)',
    location_high_precision: 'Vysoká přesnost GPS',
    battery: 'Baterie',
    device_to_server_time_diff: 'Rozdíl hodin proti serveru',
    storage_fill: 'Zaplnění úložiště',
  } satisfies Record<DeviceTestParameter, string>,
} as const;

/** The device detail's position tracker section (issue 14; administrators only), ours: the spec has none. */
export const TRACKER_TEXTS = {
  title: 'Sledovač polohy',
  secret: 'Klíč',
  hasSecret: 'nastaven',
  noSecret: 'nemá klíč',
  revoked: (at: string) => `zrušen ${at}`,
  trackerId: 'Identifikátor sledovače',
  createdAt: 'Klíč vytvořen',
  lastUsed: 'Naposledy použit',
  lastFix: 'Poslední poloha',
  refused: 'Odmítnuté polohy',
  lastRefusal: 'Poslední odmítnutí',
  never: 'nikdy',
  create: 'Vytvořit klíč',
  rotate: 'Vyměnit klíč',
  revoke: 'Zrušit klíč',
  rotateTitle: 'Výměna klíče',
  rotateConfirm: 'Sledovač se starým klíčem přestane hlásit polohu, dokud v něm nenastavíte nový. Vyměnit klíč?',
  revokeTitle: 'Zrušení klíče',
  revokeConfirm: 'Sledovač s tímto klíčem přestane hlásit polohu. Zrušit klíč?',
  yes: 'Ano',
  back: 'Zpět',
  loadFailed: 'Stav sledovače se nepodařilo načíst.',
  actionFailed: 'Akce se nezdařila.',
  created: {
    title: 'Nový klíč sledovače',
    secret: 'Klíč',
    url: 'Adresa pro protokol OsmAnd',
    copy: 'Kopírovat',
    traccarHint: (url: string, id: string) =>
      `Traccar Client: jako adresu serveru zadejte ${url}, jako identifikátor zařízení ${id}.`,
    once: 'Klíč se zobrazuje jen nyní. Po zavření tohoto okna už zobrazit nepůjde; při ztrátě klíč vyměňte.',
    close: 'Zavřít, klíč už se nezobrazí',
  },
} as const;

export const MIC_TEXTS = {
  title: shell.options.micTest,
  start: micTest.start,
  stop: micTest.stop,
  close: 'Zavřít', // ours
  intro: 'Nahrajte krátkou zkušební nahrávku a poslechněte si ji. Test lze provést jednou.', // ours
  recorded: 'Přehrání nahrávky', // ours
  frequencies: 'Frekvenční spektrum mikrofonu', // ours (canvas label)
  failure: {
    denied: CAPTURE_TEXTS.micDenied,
    noDevice: CAPTURE_TEXTS.micMissing,
    unsupported: CAPTURE_TEXTS.unsupported,
    failed: CAPTURE_TEXTS.failed,
  },
} as const;
