/** Events, form validation, contacts, SMS and jobs (000 §2, §4, §5, §8). */
export const events = {
  closedChip: 'Uzavřeno',
  deletedChip: 'Smazáno',
  resolver: 'Řešitel',
  missingCommander: 'Určete kontakt na velitele zásahu',
  moreJobs: (n: number) => `+${n} zobrazit`,
  moreUnits: (n: number) => `(+${n})`,
  contactsTab: 'Telefonní seznam',
  resourcesTab: 'Technika',
  cancelLink: 'Zrušit připojení',
  created: 'Událost byla založena',
  sendingToQueue: 'Odesílám událost do Spojaře',
  removed: 'Událost odebrána',
  assigned: 'Událost byla přiřazena.',
  requestSent: 'Požadavek odeslán',
  linked: 'Připojeno',
  destinationSet: 'Místo dojezdu techniky bylo nastaveno',
  destinationRemoved: 'Místo dojezdu techniky bylo odebráno',
  createFailed: (error: string) => `Chyba při tvorbě udádolsti: ${error}`,
  saveFailed: (error: string) => `Chyba při ukládání události: ${error}`,
  queueFailed: 'Chyba při ukládání události do fronty Spojaře',
  kopisTestFailed: 'Chyba při vytváření Test KOPIS zprávy',
  linkTargetMissing: 'Chyba. Nebyla nalezena cílová událost',
  homeBaseNoCoordinates: 'Vaše domovská jednotka nemá zadané souřadnice.',
  mergeConfirm: (metres: number) => `Ve vzdálenosti ${metres}m je již evidována událost. Sloučit s touto událostí?`,
  mergeAccept: 'Připojit',
  back: 'Zpět',
} as const;

/** Event form validation (000 §5). */
export const validation = {
  requiredField: (label: string) => `Vyplňte ${label}`,
  invalidDate: (label: string) => `Chybné datum ${label}`,
  fixErrors: 'Prosím opravte následujích chyby:',
} as const;

export const contacts = {
  empty: 'žádné kontakty',
  saved: 'Kontakt byl uložen',
  nameRequired: 'Prosím vyplňte',
  digitsOnly: 'Toto pole musí obsahovat jen číslice',
  nineDigits: 'Vložte devítimístné telefonní číslo',
  commanderDialogTitle: 'Určení kontaktu na velitele zásahu (VZ)',
  setCommander: 'Kontakt na VZ',
  unsetCommander: 'Odebrat z VZ',
  addCommanderForm: 'Doplnit kontakt na VZ (v případě, že není v seznamu)',
  commanderFormTitle: 'Kontakt na Velitele zásahu (VZ)',
  commanderNameLabel: 'Jméno velitele zásahu',
  commanderTitle: 'Velitel zásahu',
  back: 'Zpět',
  set: 'Nastavit',
} as const;

export const sms = {
  textRequired: 'Zadejte text sms zprávy.',
  /** Our wording: the spec gives the 155 limit but no message. */
  tooLong: 'Text sms zprávy může mít nejvýše 155 znaků.',
  sent: 'Sms byla odeslána',
  notSent: 'Sms nebyla odeslána',
} as const;

export const jobs = {
  created: 'Výjezd byl založen',
  saveFailed: 'Chyba při ukládání výjezdu',
  moveConfirm: 'Technika zasahuje u jiné události! Chcete ji přesunout?',
  endConfirm: 'Chcete opravdu ukončit nasazení této techniky?',
  filterDrone: 'Dron',
  filterInspector: 'Inspektor',
} as const;
