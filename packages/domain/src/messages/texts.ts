/** Czech texts of messages, media and viewers (000 §2, §5, §8; 001 §2). */
export const messageTexts = {
  sent: 'Zpráva odeslána',
  confirmSent: 'Potvrzení odesláno',
  allRead: 'Všechny zprávy byly označeny jako přečtené.',
  requestSent: 'Požadavek odeslán',
  sendFailed: 'Chyba při odesílání zprávy',
  uploadFailed: 'Zpráva nebyla odeslána, nastala chyba při nahrávání přílohy.',
  attachmentTooLarge: (mb: number) => `Příloha překročila povolenou velikost ${mb}MB.`,
  contentRequired: 'Zadejte text zprávy',
  copy: 'zkopírovat',
  copyTranscript: 'zkopírovat přepis',
  dzinLink: 'do aplikace DŽIN',
} as const;

export const mediaTexts = {
  unavailable: 'Media není k dispozici',
  loading: 'Nahrávám...',
  iframeLoading: 'Nahrávám',
  noCoordinates: 'bez souřadnic',
} as const;
