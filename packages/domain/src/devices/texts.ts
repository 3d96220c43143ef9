/** Czech texts of devices: the overview dialog and the microphone test (part of the `texts` catalogue), the calls' refusals. */

/** The device overview dialog (001 §2, §8). */
export const deviceOverviewTexts = {
  dialogTitle: 'Přehled zařízení jednotky',
  testAll: 'Otestovat služební zařízení',
  tables: {
    phone: 'Výjezdový mobilní telefon',
    tablet: 'Výjezdový tablet',
    navigation: 'Vozidlová navigace',
    drone: 'Dron zažízení',
    other: 'Ostatní služební zařízení',
    private: 'Soukromá zařízení',
  },
  show: 'zobrazit',
  hide: 'skrýt',
  columns: {
    codeName: 'Kód / název',
    assigned: 'Přiděleno',
    sim: 'Sim',
    mode: 'Režim',
    lastContact: 'Poslední spojení',
    dailyTest: 'Denní zkouška spojení',
  },
  test: 'otestovat',
  testing: 'odeslám',
  testRequested: 'Test pro zařízení byl zadán',
  detail: {
    type: 'Typ',
    tested: 'Test proveden',
    overallResult: 'Celkový výsledek testu',
  },
  hints: {
    inactive: 'Přepněte Terezu do aktivního režimu',
    updateApp: 'Proveďte aktualizaci aplikace',
    updateAppVersions: (current: string, expected: string) =>
      `Proveďte aktualizaci aplikace (${current} -> ${expected})`,
    mobileData: 'Zapněte mobilní data',
    wifi: 'Vypněte modul WIFI',
    gps: 'Zapněte modul sledování polohy',
    gpsPrecision: 'Doporučujeme nastavit nejvyšší přesnost GPS',
    battery: 'Nabijte baterii',
    clock: 'Opravte nastavení hodin',
    unknown: 'nezjištěno',
  },
} as const;

/** The microphone test of the options menu (001 §2). */
export const micTestTexts = {
  start: 'Zahájit test mikrofonu',
  stop: (elapsed: string) => `Ukončení test mikrofonu (${elapsed})`,
} as const;

/** The device calls (001 §2, §3, §7): the spec's text where it has one, ours (marked) where it has none. */
export const devicesTexts = {
  testRequested: deviceOverviewTexts.testRequested,
  // ours: the spec gives no wording for these refusals
  notFound: 'Zařízení nebylo nalezeno.',
  notVisible: 'Zařízení jiné jednotky nemáte oprávnění zobrazit.',
  otherUnit: 'Zařízení jiné jednotky nemáte oprávnění zobrazit.',
  badId: 'Neplatné id zařízení.',
  badIds: 'Zadejte 1 až 100 id zařízení.',
  missingId: 'Zadejte id zařízení.',
  badCoordinates: 'Chybné souřadnice.',
  badPercent: 'Hodnota musí být číslo 0 až 100.',
  badStatus: 'Režim musí být 0 nebo 1.',
  badText: 'Neplatný text (nejvýše 200 znaků).',
  badFlag: 'Hodnota musí být true nebo false.',
  badNumber: 'Hodnota musí být číslo.',
  missingParameters: 'Chybí parametry testu.',
  noDevice: 'Relace nemá potvrzené zařízení.',
} as const;
