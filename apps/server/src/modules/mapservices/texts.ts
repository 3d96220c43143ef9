/** Texts of the map-service calls: the spec's (domain `texts.map`, `texts.contacts`) and ours where it has none. */
import { texts } from '@panel/domain/locale';

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
