/** Czech texts of the alerts dialog (001 §2, §8). */
export const alertTexts = {
  title: (n: number) => `Máte ${n} upozornění`,
  clearAll: 'Smazat všechna upozornění',
  accept: 'Přijmout zprávu',
  issued: 'Vystaveno upozornění',
  messageFrom: 'Zpráva z',
  confirmReceipt: 'Potvrdit přijetí',
} as const;
