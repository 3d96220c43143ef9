/** Labels of the chat the spec does not give (ours); the spec's texts come from `@panel/domain/locale`. */
export const MESSAGE_TEXTS = {
  placeholder: 'Napište zprávu', // ours
  list: 'Zprávy konverzace', // ours (the scrolling list's name)
  templates: 'Šablony zpráv', // ours
  attach: 'Přiložit soubor', // ours
  send: 'Odeslat', // ours
  pending: 'Odesílá se…', // ours (outbox)
  empty: 'Zatím žádné zprávy', // ours
  loadingOlder: 'Načítám starší zprávy…', // ours
  close: 'Zavřít', // ours
  created: 'Vytvořeno', // ours
  inserted: 'Vloženo', // ours
  coordinates: 'Souřadnice', // ours
  tags: 'Štítky', // ours
  forwardTitle: 'Přeposlat zprávu', // ours
  forwardTo: 'Do konverzace', // ours
  forward: 'Přeposlat', // ours
  cancel: 'Zrušit', // ours
  confirmed: 'Potvrzeno', // ours
  download: 'Stáhnout', // ours
  zoomIn: 'Přiblížit', // ours
  zoomOut: 'Oddálit', // ours
  rotate: 'Otočit', // ours
  reset: 'Obnovit', // ours
  prev: 'Předchozí', // ours
  next: 'Další', // ours
} as const;
