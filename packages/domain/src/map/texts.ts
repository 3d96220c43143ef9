/**
 * Czech texts of the map: the spec's (`mapTexts`, part of the `texts` catalogue) and those of the map calls that
 * their request schemas need (the spec's where it has one, ours where it has none).
 */
import { contactTexts } from '../contacts/texts';

/** The spec's map texts: search, cards, copy notices, screenshot (001 §2, §8). */
export const mapTexts = {
  searchPlaceholder: (group: string) => `Hledání v ${group} objektech...`,
  removeSearchPosition: 'Odebrat vyhledávací pozici',
  removePoints: 'Odebrat body',
  previous: 'Předchozí',
  next: 'Další',
  lastQuery: (query: string) => `posledni dotaz: ${query}`,
  /** ours (issue 12 item 14): the spec gives no text for a search without results */
  nothingFound: 'Nic nebylo nalezeno',
  /** ours (issue 12 item 16): 000 §5 makes a reverse answer without title or unit an error, with no text */
  reverseFailed: 'Adresu místa se nepodařilo zjistit, doplňte ji ručně.',
  notePlaceholder: 'popis...',
  trainNoContacts: 'Kontakty nejsou k dispozici',
  cadastreError: 'Chyba při načítání dat z Katastru nemovitostí. Opakujte akci později',
  railImageServiceError: (message: string) => `Služba náhled na trať vrátila chybu: ${message}`,
  railImageError: 'Je nám líto, ale došlo k chybě při načítání náhledu na trať.',
  layerUnavailable: 'Litujeme, ale tato volba je momentálně nedostupná.',
  wmsCapabilitiesFailed: 'Failed to get WMS capabilities',
  textCopied: 'Text zkopírováno do paměti',
  copied: 'Zkopírováno do paměti',
  textCopyFailed: 'Chyba při kopírování textu do paměti',
  copyFailed: 'Chyba pri kopírování do paměti',
  coordinatesCopied: 'Souřadnice zkopírovány do paměti',
  coordinatesCopyFailed: 'Chyba pri kopírování',
  copyErrorPrefix: 'Chyba kopírování do paměti:',
  screenshotLoading: 'Načítám...',
  screenshotCancel: 'Zrušit',
  screenshotSend: 'Odeslat',
  screenshotTts: 'Zaslán snímek mapy',
} as const;

/** map services (cadastre, rail image, hunting, explore, JPO, panorama, proxy, routes) */
export const mapServiceTexts = {
  // spec (001 §8)
  cadastreError: mapTexts.cadastreError,
  railImageError: mapTexts.railImageError,
  railImageServiceError: mapTexts.railImageServiceError,
  wmsCapabilitiesFailed: mapTexts.wmsCapabilitiesFailed,
  nameRequired: contactTexts.nameRequired,
  digitsOnly: contactTexts.digitsOnly,
  nineDigits: contactTexts.nineDigits,
  // ours
  coordinatesRequired: 'Zadejte souřadnice bodu.',
  badCoordinate: 'Neplatná souřadnice.',
  outsideCountry: 'Bod neleží v České republice.',
  huntingError: 'Chyba při načítání honiteb. Opakujte akci později.',
  unknownRegion: 'Neznámá honitba.',
  contactNotFound: 'Kontakt nebyl nalezen.',
  panoramaError: 'Chyba při načítání panoramatu. Opakujte akci později.',
  jpoError: 'Chyba při načítání zásahových obvodů. Opakujte akci později.',
  routingError: 'Trasu se nepodařilo vypočítat. Opakujte akci později.',
  imageNotFound: 'Obrázek nebyl nalezen.',
  jobNotFound: 'Výjezd nebyl nalezen.',
  baseNotFound: 'Jednotka nebyla nalezena.',
  eventRequired: 'Zadejte událost.',
  noTarget: 'Událost nemá zadaný cíl.',
  noVehiclePosition: 'Poloha vozidla není známa.',
  noBasePosition: 'Jednotka nemá zadanou polohu.',
} as const;

/** map notes and drawn objects (the spec gives none of these: all ours) */
export const mapObjectTexts = {
  contentRequired: 'Zadejte popis poznámky.',
  notesRefused: 'K této události nelze přidávat poznámky.',
  drawRefused: 'Kreslit lze jen do uložené aktivní události vlastní jednotky.',
  inactive: 'Událost není aktivní.',
  badGeojson: 'Neplatný tvar objektu: povolena je jen čára nebo plocha.',
  badCoordinates: 'Chybné souřadnice.',
  eventMissing: 'Chybí událost.',
} as const;

/** the offline base-map layers (ours) */
export const baseMapTexts = {
  bbox: 'Rozsah mapy (bbox) musí být minLon,minLat,maxLon,maxLat.',
  zoom: 'Úroveň přiblížení (zoom) musí být číslo 0–12.',
} as const;

/** the reverse geocoding request's extra fields (ours) */
export const reverseTexts = {
  latitude: 'Zeměpisná šířka musí být číslo v rozsahu mapy (48,55–52,91).',
  longitude: 'Zeměpisná délka musí být číslo v rozsahu mapy (12,09–22,56).',
  // ours: the spec names the fields, not their messages
  badEventUuid: 'Identifikátor události (eventUuid) není platný.',
  badTerrain: 'Charakter terénu (eventTerrainId) musí být kladné celé číslo.',
  badUpdateEvent: 'updateEvent musí být 0 nebo 1.',
  badAddressData: 'addressData musí být objekt JSON.',
  updateNeedsEvent: 'Pro zápis adresy do události zadejte eventUuid.',
} as const;
