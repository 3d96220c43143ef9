/** Czech texts of the wire contract: the server's error answers and the values the API refuses. */

/** Our wording for values the API refuses before they reach a command (issue 11: bad input is a 4xx). */
export const wireTexts = {
  badId: 'Neplatné číslo záznamu.',
  badNumber: 'Neplatné číslo.',
  badText: 'Text obsahuje nepovolené znaky.',
  tooDeep: 'Data jsou příliš hluboko vnořená.',
  badDate: 'Neplatné datum.',
  unknownReference: 'Odkazovaný záznam neexistuje.',
  badValue: 'Neplatná hodnota v požadavku.',
} as const;

/** Our wording for the server's error answers (docs/ARCHITECTURE.md "Wire conventions"). */
export const serverTexts = {
  invalidCredentials: 'Neplatné uživatelské jméno nebo heslo.',
  unauthorized: 'Neplatné nebo vypršelé přihlášení.',
  forbidden: 'K této akci nemáte oprávnění.',
  deviceNotConfirmed: 'Zařízení není potvrzeno.',
  notFound: 'Záznam nebyl nalezen.',
  malformed: 'Chybný formát požadavku.',
  tooLarge: 'Požadavek je příliš velký.',
  deviceNotYours: 'Zařízení nepatří tomuto uživateli.',
  required: 'Povinné pole.',
} as const;
