/** Czech texts of sending the application log (000 §2, §8). */
export const appLogTexts = {
  title: 'Odeslání aplikačního logu',
  send: 'Odeslat log',
  sent: 'Log byl odeslán',
} as const;

/** the log calls' refusals */
export const logsTexts = {
  // ours
  badStamp: 'Chybné časové razítko (YYYYMMDDHHmmss).',
  deviceNotFound: 'Zařízení nebylo nalezeno.',
  notYourDevice: 'Log lze odeslat jen za vlastní zařízení.',
  notJson: 'Log musí být platný JSON.',
  badDate: 'Chybné datum (YYYY-MM-DD).',
  badErrors: 'Zadejte 1 až 50 chyb.',
  badMessage: 'Zadejte text chyby (nejvýše 2000 znaků).',
} as const;

/** the debug push to a device's panels */
export const debugPushTexts = {
  // ours: the spec gives no wording
  badPayload: 'Zadejte objekt JSON (payload) pro ladicí dialog.',
  tooLarge: 'Ladicí zpráva může mít nejvýše 64 kB.',
  deviceNotFound: 'Zařízení nebylo nalezeno.',
} as const;
