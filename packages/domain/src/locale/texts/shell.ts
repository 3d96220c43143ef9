/** Application shell, alerts, microphone test, application log (001 §2, §8; 000 §2). */
export const shell = {
  titleOverview: 'Operační situace',
  titleEvent: 'Situace události',
  titleNewEvent: 'Situace nové události',
  shiftSuffix: (shift: string) => ` / směna ${shift}`,
  windowTitle: (clock: string) => `PANEL ${clock}`,
  connectionFailure: 'PORUCHA PŘIPOJENÍ!',
  lastUpdate: (time: string) => `Poslední aktualizace ${time}`,
  user: 'Uživatel',
  reload: 'Znovunačtení panelu.',
  newVersion: 'Je k dispozici nová aktulizace panelu.',
  updateReady: 'Je připravena aktualizace panelu',
  fullscreen: 'Režim celé obrazovky',
  moreOptions: 'Další možnosti',
  unit: 'Jednotka',
  logout: 'Odhlásit se',
  changePassword: 'Změna hesla',
  receiveCall: 'Příjem volání',
  today: 'Dnes',
  markAllReadTitle: 'Označení všech zpráv za přečtené',
  markAllReadText: 'Všechny zprávy budou označeny za přečtené.',
  options: {
    manageDevices: 'Správa mobilních zařízení',
    micTest: 'Test mikrofonu',
    sendOnEnter: 'Odesílat textové zprávy stiskem klávesy Enter',
    eventFilters: 'Filtery událostí',
    sendAppLog: 'Odeslat aplikační log',
    debugBar: 'Debug Bar',
  },
  // ours (issue 12 item 16): 000 §8 names the ChunkLoadError (timeout 120 s, §9) but gives no text for it
  chunkLoadFailed: 'Část panelu se nepodařilo načíst. Zkontrolujte připojení a načtěte panel znovu.',
  chunkReload: 'Načíst panel znovu',
  realtime: {
    connecting: 'Připojuje se',
    disconnected: 'Odpojeno',
    connected: 'Připojeno',
  },
} as const;

export const alerts = {
  title: (n: number) => `Máte ${n} upozornění`,
  clearAll: 'Smazat všechna upozornění',
  accept: 'Přijmout zprávu',
  issued: 'Vystaveno upozornění',
  messageFrom: 'Zpráva z',
  confirmReceipt: 'Potvrdit přijetí',
} as const;

export const micTest = {
  start: 'Zahájit test mikrofonu',
  stop: (elapsed: string) => `Ukončení test mikrofonu (${elapsed})`,
} as const;

export const appLog = {
  title: 'Odeslání aplikačního logu',
  send: 'Odeslat log',
  sent: 'Log byl odeslán',
} as const;
