/**
 * Czech texts of the map calls that their request schemas need (so they live beside the schemas in the domain):
 * the spec's where it has one (`texts.map`, `texts.contacts`), ours where it has none.
 */
import { texts } from '../locale/texts';

/** map services (cadastre, rail image, hunting, explore, JPO, panorama, proxy, routes) */
export const mapServiceTexts = {
  // spec (001 §8)
  cadastreError: texts.map.cadastreError,
  railImageError: texts.map.railImageError,
  railImageServiceError: texts.map.railImageServiceError,
  wmsCapabilitiesFailed: texts.map.wmsCapabilitiesFailed,
  nameRequired: texts.contacts.nameRequired,
  digitsOnly: texts.contacts.digitsOnly,
  nineDigits: texts.contacts.nineDigits,
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
