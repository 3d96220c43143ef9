/** Czech texts of login, device confirmation, loader and change password (000 §2, §5, §8; 001 §2, §5, §8). */
export const authTexts = {
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
  /** ours (issue 24 item 11): a write on another base's rows the user's role does not see */
  /** ours (issue 24 item 9): the administrator's unlock of an account's login throttle */
  unlockTitle: 'Odblokovat přihlášení',
  unlockUsername: 'Uživatelské jméno',
  unlockSubmit: 'Odblokovat',
  unlocked: (username: string) => `Přihlášení uživatele ${username} je odblokováno.`,
  otherBaseRefused: 'Záznamy jiné jednotky může měnit jen role, která je vidí.',
} as const;

export const passwordTexts = {
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
