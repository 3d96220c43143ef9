/** Czech texts of the device calls (001 §2, §3, §7): the spec's (the locale catalogue) and ours (marked). */
import { texts } from '../locale/texts';

export const devicesTexts = {
  testRequested: texts.devices.testRequested,
  // ours: the spec gives no wording for these refusals
  notFound: 'Zařízení nebylo nalezeno.',
  notVisible: 'Zařízení jiné jednotky nemáte oprávnění zobrazit.',
  otherUnit: 'Zařízení jiné jednotky nemáte oprávnění zobrazit.',
  badId: 'Neplatné id zařízení.',
  badIds: 'Zadejte 1 až 100 id zařízení.',
  missingId: 'Zadejte id zařízení.',
  badCoordinates: 'Chybné souřadnice.',
  badPercent: 'Hodnota musí být číslo 0 až 100.',
  badStatus: 'Režim musí být 0 nebo 1.',
  badText: 'Neplatný text (nejvýše 200 znaků).',
  badFlag: 'Hodnota musí být true nebo false.',
  badNumber: 'Hodnota musí být číslo.',
  missingParameters: 'Chybí parametry testu.',
  noDevice: 'Relace nemá potvrzené zařízení.',
} as const;
