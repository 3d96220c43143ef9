/** Czech texts of the map notes and drawings calls (the spec gives none of these: all ours). */
export const mapObjectTexts = {
  contentRequired: 'Zadejte popis poznámky.', // ours
  notesRefused: 'K této události nelze přidávat poznámky.', // ours
  drawRefused: 'Kreslit lze jen do uložené aktivní události vlastní jednotky.', // ours
  inactive: 'Událost není aktivní.', // ours
  badGeojson: 'Neplatný tvar objektu: povolena je jen čára nebo plocha.', // ours
  badCoordinates: 'Chybné souřadnice.', // ours
  eventMissing: 'Chybí událost.', // ours
} as const;
