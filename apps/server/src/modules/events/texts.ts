/**
 * Czech answers of the event, link and queue calls. Texts the spec gives come from the domain catalogue
 * (`texts.events`, 000 §8); the rest are ours (the spec shows no server messages for these refusals).
 */
import { texts } from '@panel/domain/locale';

export const eventTexts = {
  // ours
  fieldForbidden: (label: string) => `Pole ${label} nemůžete změnit.`,
  inactive: 'Událost je uzavřená nebo odebraná, nelze ji měnit.',
  closeForbidden: 'Událost nemůžete uzavřít.',
  removeForbidden: 'Událost nemůžete odebrat.',
  stateForbidden: 'Stav události nemůžete změnit.',
  endForbidden: 'Událost nemůžete ukončit.',
  notEndable: 'Ukončit lze jen otevřenou, dosud neukončenou událost kategorie typu událost.',
  finalStatusByClose: 'Status Uzavřená nastavuje jen uzavření nebo odebrání události.',
  endedStatusStays: 'Ukončená událost si status ponechá až do uzavření.',
  parentLinkForbidden: 'Připojení k nadřazené události lze zrušit jen u volání DZIN-CALL, které je připojené.',
  parentViaLink: 'Nadřazenou událost lze nastavit jen připojením události.',
  ispoTagForbidden: 'Štítky ISPO a ISPO_QUEUE nastavuje jen fronta Spojaře.',
  unitForbidden: (label: string) => `Jednotku ${label} nelze z události odebrat.`,
  unitAddForbidden: (label: string) => `Jednotku ${label} nemůžete k události přidat.`,
  createFromForbidden: 'Z této události nelze založit novou (kategorie to nedovoluje nebo je připojená).',
  queueForbidden: 'Tuto událost nemůžete odeslat do fronty Spojaře.',
  alreadyQueued: 'Událost už je ve frontě Spojaře nebo ji Spojař převzal.',
  queueItemTaken: 'Položku fronty už Spojař převzal.',
  linkSelf: 'Událost nelze připojit sama k sobě.',
  linkCycle: 'Připojení by vytvořilo cyklus událostí.',
  linkTargetInactive: 'Cílová událost je uzavřená nebo odebraná.',
  unlinkForbidden: 'Propojení může zrušit jen skupina COIS u události kategorie typu událost.',
  linkForbidden: 'Události může propojit jen skupina COIS.',
  categoryCentralOnly: (name: string) => `Kategorii ${name} může nastavit nebo změnit jen centrální dispečink.`,
  categoryNotEditable: (name: string) =>
    `Do kategorie ${name} nemůžete událost přesunout: nemohli byste ji pak upravovat.`,
  uuidTaken: 'Záznam s tímto identifikátorem (uuid) už existuje.',
  // one text for an unknown and an invisible parent: the answer must not tell which ids exist
  parentUnknown: 'Nadřazená událost neexistuje nebo k ní nemáte přístup.',
  // from the spec (000 §8)
  linkTargetMissing: texts.events.linkTargetMissing,
  kopisTestFailed: texts.events.kopisTestFailed,
} as const;
