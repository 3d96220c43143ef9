/** Labels of the developer panel (001 §2 gives the tab names and a few actions; the rest are ours). */
export const dt = {
  title: 'Debug Bar', // ours
  tabs: {
    app: 'App',
    events: 'Events',
    event: 'Event',
    msgs: 'Msgs',
    dvcs: 'Dvcs',
    map: 'Map',
    sapp: 'SapP',
    notifications: 'Notifications',
    errors: 'Errors',
  },
  refresh: 'Obnovit data', // ours
  reload: 'Znovu načíst stránku', // ours
  clear: 'Vymazat lokální stav a načíst znovu', // ours
  close: 'Zavřít', // ours
  darkMode: 'Tmavý režim', // ours
  autoRefresh: 'Automatická aktualizace', // ours
  exportState: 'Exportovat stav', // ours
  importState: 'Importovat stav', // ours
  imported: 'Stav byl importován', // ours
  importInvalid: 'Soubor není platný export stavu panelu', // ours
  hideBaseLayer: 'Skrýt podkladovou mapu', // ours
  showBaseLayer: 'Zobrazit podkladovou mapu', // ours
  noMap: 'Mapa není zobrazena', // ours
  noActiveEvent: 'Žádná aktivní událost', // ours
  trainNumber: 'Číslo vlaku', // ours
  setTrainNumber: 'Nastavit', // ours
  trainNumberSaved: 'Číslo vlaku bylo nastaveno', // ours
  noExplore: 'Žádné odpovědi průzkumu', // ours
  addTestNotifications: 'Přidat testovací upozornění', // ours
  removeAll: 'Odebrat vše', // ours
  stopped: 'Zastaveno', // ours
  paused: 'Pozastaveno', // ours
  currentSound: 'Aktuální zvuk', // ours
  soundLibrary: 'Knihovna zvuků', // ours
  none: '—',
  throwTestError: 'Vyvolat testovací chybu', // ours
  testErrorMessage: 'Testovací chyba z Debug Baru', // ours
  noErrors: 'Žádné zachycené chyby', // ours
  debugTitle: 'Debug', // ours
} as const;
