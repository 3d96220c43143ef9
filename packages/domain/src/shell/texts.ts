/** Czech texts of the application shell: titles, header, options menu, connection state (001 §2, §8; 000 §2). */
export const shellTexts = {
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
  guide: 'Příručka dispečera', // ours (issue 24 item 21)
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
  /**
   * 000 §8 / 001 §8 "plus English messages for error categories": shown beside the Czech status (options menu,
   * header dot). The categories are socket.io's disconnect reasons and our handshake refusals; the English
   * wording is ours (the spec names the language, not the texts).
   */
  realtimeErrors: {
    unauthorized: 'Session refused by the server',
    unavailable: 'Server cannot verify the session',
    serverDisconnect: 'Disconnected by the server',
    transportClose: 'Connection closed',
    transportError: 'Connection error',
    pingTimeout: 'Server not responding (ping timeout)',
    parseError: 'Malformed message from the server',
    offline: 'Browser is offline',
    unknown: 'Connection failed',
  },
} as const;
