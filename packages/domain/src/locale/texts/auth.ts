/** Login, device confirmation, loader, change password (000 §2, §5, §8; 001 §2, §5, §8) and server replies. */
export const auth = {
  usernameLabel: 'Uživatelské jméno',
  passwordLabel: 'Heslo',
  login: 'Přihlásit se',
  usernameRequired: 'Prosím zadejte uživatelské jméno',
  passwordRequired: 'Prosím zadejte heslo',
  authError: 'Chyba při autorizaci',
  welcome: (name: string) => `Úspěšné přihlášení. Vítejte: ${name}`,
  confirmDevice: 'Potvrdit',
  logout: 'Odhlásit',
  noDevices: 'K tomuto uživateli není přiřazano žádné zařízeni.',
  /** Our wording: the device list is missing altogether (000 §2). */
  loginAgain: 'Nepodařilo se načíst seznam zařízení. Prosím přihlaste se znovu.',
  loading: 'Načítám vstupní data',
  restart: 'Restart',
} as const;

export const password = {
  dialogTitle: 'Změna uživatelského hesla',
  oldPasswordLabel: 'Původní heslo',
  newPasswordLabel: 'Nové heslo',
  confirmPasswordLabel: 'Kontrola nového hesla',
  submit: 'Změnit heslo',
  oldPasswordRequired: 'Prosím zadejte původní heslo',
  newPasswordRequired: 'Prosím zadejte heslo',
  minLength: 'Heslo musí mít alespoň 8 znaků',
  confirmPasswordRequired: 'Prosím zadejte potvrzení hesla',
  mismatch: 'Hesla se neshodují',
  changed: 'Heslo úspěšně změněno',
  oldPasswordWrong: 'Původní heslo není správné.',
} as const;

/** Our wording for the server's error answers (docs/ARCHITECTURE.md "Wire conventions"). */
export const server = {
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
