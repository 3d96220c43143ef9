/** Czech texts of sending the application log (000 §2, §8). */
export const appLogTexts = {
  title: 'Odeslání aplikačního logu',
  send: 'Odeslat log',
  sent: 'Log byl odeslán',
} as const;
