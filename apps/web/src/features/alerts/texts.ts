/** Texts of the alerts: the spec's come from `@panel/domain/locale` (verbatim); the rest are ours. */
import { texts } from '@panel/domain/locale';

export const ALERT_TEXTS = {
  ...texts.alerts,
  /** czPlural forms of 'upozornění' for 'Máte {n} upozornění' (the noun does not change in Czech) */
  forms: ['upozornění', 'upozornění', 'upozornění', 'upozornění'] as const,
  bell: 'Upozornění', // ours
  empty: 'Žádná upozornění', // ours
  close: 'Zavřít', // ours
  sent: 'Odesláno', // ours
  unit: 'Jednotka', // ours
  event: 'Událost', // ours
  acknowledge: 'Beru na vědomí', // ours (a test or generic dialog item)
  soundDialog: 'Zvukové upozornění', // ours (the sound dialog's title)
  informational: 'Pouze pro informaci', // ours (an alert the user may not accept, issue 12 item 2)
  takenBy: (name: string) => `Přijal(a): ${name}`, // ours (who accepted the alert, issue 12 item 3)
  missedCall: 'Nepřijatý hovor centrálního dispečinku', // ours (a central call's quiet trace, issue 24 item 5)
} as const;
