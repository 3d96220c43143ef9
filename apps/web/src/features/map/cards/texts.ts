/**
 * Labels of the map cards the spec does not give (ours). The spec's texts (errors, 'Kontakty nejsou k
 * dispozici', 'Zpráva odeslána' …) come from `@panel/domain/locale` `texts.map` / `texts.messages`.
 */
export const CARD_TEXTS = {
  // menu items
  menuCadastre: 'Katastr nemovitostí', // ours
  menuRailImage: 'Náhled na trať', // ours
  menuHunting: 'Honitba', // ours
  menuExplore: 'Prozkoumat okolí', // ours
  menuPanorama: 'Panorama', // ours
  // card titles
  cadastre: 'Katastr nemovitostí', // ours
  railImage: 'Náhled na trať', // ours
  hunting: 'Honitba', // ours
  explore: 'Prozkoumat okolí', // ours
  train: 'Vlak', // ours
  panorama: 'Panorama', // ours
  // frame
  loading: 'Načítám…', // ours
  maximize: 'Zvětšit', // ours
  minimize: 'Zmenšit', // ours
  close: 'Zavřít', // ours
  capture: 'Odeslat do události', // ours
  openLink: 'Otevřít v Nahlížení do KN', // ours
  // rail image
  km: 'km', // ours
  deviation: 'Odchylka od trati', // ours
  capturedAt: 'Pořízeno', // ours
  railImageAlt: 'Snímek trati', // ours
  // train
  carrier: 'Dopravce', // ours
  route: 'Trasa', // ours
  position: 'Poloha', // ours
  length: 'Délka', // ours
  weight: 'Hmotnost', // ours
  cars: 'Vozy', // ours
  axles: 'Počet náprav', // ours
  passengers: 'Počet cestujících', // ours
  speed: 'Rychlost', // ours
  line: 'Trať', // ours
  departure: 'Odjezd', // ours
  arrival: 'Příjezd', // ours
  traversed: 'Ujeto', // ours
  engines: 'Hnací vozidla', // ours
  dispatchContact: 'Kontakt', // ours
  crew: 'Vlaková četa', // ours
  dangerousGoods: 'Nebezpečné věci', // ours
  dangerousGoodsRow: (un: string, name: string, cls: string, kemler: string) =>
    `UN ${un} – ${name} (třída ${cls}, Kemler ${kemler})`, // ours
  liveAnimals: 'Živá zvířata', // ours
  specialConsignment: 'Mimořádná zásilka', // ours
  extraordinary: 'Mimořádnost', // ours
  military: 'Vojenská přeprava', // ours
  plm: 'PLM', // ours
  nv: 'Nebezpečné věci (NV)', // ours
  other: 'Jiná', // ours
  updated: 'Aktualizováno', // ours
  none: '–', // ours
  unknown: 'neznámo', // ours: the source does not say (GRAPP gives no composition, crew or cargo)
  delay: 'Zpoždění', // ours
  delayText: (min: number) => (min < 0 ? `náskok ${-min} min` : `${min} min`), // ours
  yes: 'ano', // ours
  // hunting
  region: 'Kraj', // ours
  district: 'Okres', // ours
  orp: 'ORP', // ours
  huntingCode: 'Kód honitby', // ours
  // ÚHÚL's own warning: its boundaries are not legally binding (uhul.cz, "Webové mapové služby")
  huntingSource: 'Zdroj: ÚHÚL, hranice honiteb nejsou právně závazné', // ours
  company: 'Myslivecký spolek / uživatel honitby', // ours
  contacts: 'Kontakty', // ours
  noContacts: 'žádné kontakty', // ours (the contacts table's empty text, 000)
  addContact: 'Přidat kontakt', // ours
  name: 'Jméno', // ours
  phone: 'Telefon', // ours
  save: 'Uložit', // ours
  cancel: 'Zrušit', // ours
  deleteContact: 'Smazat kontakt', // ours
  addToEvent: 'Přidat do kontaktů události', // ours (given by the issue)
  addedToEvent: 'Kontakt přidán do události', // ours
  alreadyInEvent: 'Číslo už je v kontaktech události', // ours
  contactSaveFailed: 'Kontakt se nepodařilo uložit.', // ours
  contactDeleteFailed: 'Kontakt se nepodařilo smazat.', // ours
  // explore
  points: 'Provozní body', // ours
  lines: 'Tratě', // ours
  nothing: 'Nic v okolí 2 km', // ours
  // panorama
  panoramaFailed: 'Panorama se nepodařilo načíst.', // ours
  zoomIn: 'Přiblížit', // ours
  zoomOut: 'Oddálit', // ours
} as const;
