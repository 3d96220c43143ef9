/** Czech texts of delivery receipts (issue 25 item 1). */
export const receiptTexts = {
  sent: 'Odesláno',
  deliveredAll: 'Doručeno všem zařízením',
  readBySomeone: 'Přečteno',
  listTitle: 'Doručení na zařízení',
  alertListTitle: 'Doručení poplachu na zařízení',
  device: 'Zařízení',
  base: 'Základna',
  delivered: 'Doručeno',
  shown: 'Zobrazeno',
  read: 'Přečteno',
  accepted: 'Přijato',
  missed: 'Nedoručeno do 60 s',
  noDevices: 'Žádné zařízení, které by zprávu mělo dostat.',
  loadFailed: 'Doručení se nepodařilo načíst.',
  close: 'Zavřít',
  /** "doručeno 2/3 zařízení PHA" */
  alertDelivered: (delivered: number, expected: number, bases: string) =>
    `doručeno ${delivered}/${expected} zařízení${bases ? ` ${bases}` : ''}`,
  acceptedBy: (name: string) => `přijato: ${name}`,
  notAccepted: 'zatím nepřijato',
  lastDelivery: 'Poslední doručení',
  /** deliveries (messages and alerts) not made within 60 s since midnight */
  missedToday: 'Dnes nedoručeno',
  tooManyReceipts: 'Příliš mnoho potvrzení v jedné dávce.',
  noDevice: 'Relace nemá potvrzené zařízení.',
} as const;
