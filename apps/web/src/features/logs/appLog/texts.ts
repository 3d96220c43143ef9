/** Texts of the application log: the spec's (domain catalogue, verbatim) and ours, marked so. */
import { texts } from '@panel/domain/locale';

const { appLog, shell } = texts;

export const APPLOG_TEXTS = {
  menuItem: shell.options.sendAppLog,
  title: appLog.title,
  send: appLog.send,
  sent: appLog.sent,
  close: 'Zavřít', // ours
  intro: 'Odešle stav panelu a zachycené chyby na server pro správce systému.', // ours
  errors: (n: number) => `Zachycené chyby: ${n}`, // ours
  noDevice: 'Log nelze odeslat: zařízení není potvrzeno.', // ours
  failed: 'Log se nepodařilo odeslat.', // ours
} as const;
