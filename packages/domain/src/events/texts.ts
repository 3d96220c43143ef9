/** Czech texts of events and the event form's validation (000 §2, §4, §5, §8). */
export const eventTexts = {
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
  // ours (issue 12 item 14): the spec lists no success text for an update or a close, yet both need feedback
  saved: 'Událost byla uložena',
  closed: 'Událost byla uzavřena',
  nothingToSave: 'Žádné změny k uložení',
  // ours (issue 24 item 4): the end transition of 000 §4 (status 6) has no label, confirmation or toast there
  endAction: 'Ukončit',
  endConfirm: 'Opravdu ukončit událost? Zásah skončil; událost zůstane otevřená, dokud ji neuzavřete.',
  ended: 'Událost byla ukončena',
  endedChip: 'Ukončeno',
} as const;

/** Event form validation (000 §5). */
export const eventFormTexts = {
  requiredField: (label: string) => `Vyplňte ${label}`,
  invalidDate: (label: string) => `Chybné datum ${label}`,
  fixErrors: 'Prosím opravte následujích chyby:',
} as const;
