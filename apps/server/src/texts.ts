/**
 * Czech texts the platform layer answers with: the domain catalogue (`texts.server`, `texts.password`) plus the
 * few the catalogue does not carry (conflict, validation fallback, internal error, missing build page).
 */
import { texts } from '@panel/domain/locale';

export type { FieldError } from '@panel/domain/http';

export const serverTexts = {
  malformed: texts.server.malformed,
  unauthorized: texts.server.unauthorized,
  forbidden: texts.server.forbidden,
  notFound: texts.server.notFound,
  tooLarge: texts.server.tooLarge,
  deviceNotConfirmed: texts.server.deviceNotConfirmed,
  invalidCredentials: texts.server.invalidCredentials,
  deviceNotAssigned: texts.server.deviceNotYours,
  wrongOldPassword: texts.password.oldPasswordWrong,
  conflict: 'Záznam mezitím změnil někdo jiný.',
  // issue 23: a known path asked with another method (405); the spec has no text for it
  methodNotAllowed: (method: string) => `Metoda ${method} není pro tuto adresu povolena.`,
  validation: 'Neplatná data.',
  internal: 'Chyba serveru.',
  // 503s (docs/ARCHITECTURE.md "Database"); the spec has no text for these
  databaseUnavailable: 'Databáze je dočasně nedostupná. Zkuste to prosím znovu.',
  shuttingDown: 'Server se právě restartuje. Zkuste to prosím znovu.',
  buildMissing:
    'Panel ještě není sestaven. Spusťte <code>npm run build</code> (nebo <code>npm start</code>) a obnovte stránku.',
} as const;
