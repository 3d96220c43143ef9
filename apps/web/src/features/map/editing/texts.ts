/**
 * Texts of the map editing (issue 6). The spec gives 'popis...' (note banner placeholder) and 'Připojeno' (from
 * `texts.events.linked`); the menu labels come from the brief; everything else is ours.
 */
export const EDIT_TEXTS = {
  // context menu (labels of the issue brief)
  setTarget: 'Nastavit jako cíl události',
  setTargetNew: 'Nastavit jako cíl nové události',
  setDestination: 'Nastavit cíl pro techniku',
  removeDestination: 'Odebrat cíl pro techniku',
  addNote: 'Přidat poznámku',
  editNote: 'Upravit poznámku',
  deleteNote: 'Smazat poznámku',
  drawLine: 'Kreslit čáru',
  drawPolygon: 'Kreslit plochu',
  link: 'Připojit k události',
  linkHere: 'Připojit k této události',
  cancelLinking: 'Zrušit připojování',
  editGeo: 'Upravit nakreslený objekt', // ours
  deleteGeo: 'Smazat nakreslený objekt', // ours
  stopDrawing: 'Ukončit kreslení', // ours
  linkList: 'Seznam událostí k připojení', // ours
  // note banner
  notePlaceholder: 'popis...', // spec 001 §2
  noteNew: 'Nová poznámka', // ours
  noteEdit: 'Upravit poznámku', // ours
  noteLabel: 'Popis poznámky', // ours
  save: 'Uložit', // ours
  cancel: 'Zrušit', // ours
  remove: 'Smazat', // ours
  noteSaveFailed: (e: string) => `Poznámku se nepodařilo uložit: ${e}`, // ours
  noteDeleteFailed: (e: string) => `Poznámku se nepodařilo smazat: ${e}`, // ours
  // terrain dialog
  terrainTitle: 'Charakter místa události', // ours
  terrainHint: 'Zvolte charakter místa, potom se nastaví cíl.', // ours
  terrainLocked: 'Charakter místa této události nelze měnit.', // ours
  terrainContinue: 'Pokračovat', // ours
  // the address typed during the call against the map's (issue 12 item 9)
  addressTitle: 'Adresa události', // ours
  addressTyped: 'Zadaná adresa', // ours
  addressFound: 'Adresa z mapy', // ours
  addressQuestion: 'Cíl na mapě má jinou adresu, než jaká byla zadána. Kterou použít?', // ours
  addressKeepsTyped: 'Zadaná adresa se přesune do pole Upřesnění místa.', // ours
  addressUseFound: 'Použít adresu z mapy', // ours
  addressKeepTyped: 'Ponechat zadanou adresu', // ours
  typedAddressKept: 'Zadaná adresa byla přesunuta do pole Upřesnění místa.', // ours
  // drawing
  drawingLine: 'Kreslení čáry: klikáním přidávejte body, dvojklikem ukončete, Esc zruší.', // ours
  drawingPolygon:
    'Kreslení plochy: klikáním přidávejte body, dvojklikem nebo kliknutím na první bod ukončete, Esc zruší.', // ours
  geoTitle: 'Název objektu', // ours
  geoTitleHint: 'Nepovinný popisek nakresleného objektu', // ours
  geoSaveFailed: (e: string) => `Objekt se nepodařilo uložit: ${e}`, // ours
  geoDeleteFailed: (e: string) => `Objekt se nepodařilo smazat: ${e}`, // ours
  geoEditing: 'Úprava objektu: táhněte body, Esc zruší.', // ours
  // destination editor
  destinationDrag: 'Přetažením přesunete cíl pro techniku', // ours
  // linking
  linkingBanner: 'Připojování: klikněte na cíl události, ke které se má aktivní událost připojit.', // ours
  linkingNone: 'V okolí nejsou žádné události k připojení.', // ours
} as const;
