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

/** Texts of the message rules (rules.ts): the spec's content rule, ours where the spec gives none. */
export const messageRuleTexts = {
  contentRequired: messageTexts.contentRequired,
  unknownType: 'Neznámý typ zprávy.',
  unknownMedia: (name: string) => `Příloha ${name} nebyla nalezena.`,
  confirmOwn: 'Vlastní zprávu nelze potvrdit.',
  confirmNoConfirm: 'Tento typ zprávy se nepotvrzuje.',
  confirmAlready: 'Zpráva už byla potvrzena.',
  tagNotOffered: 'Tento štítek u zprávy nelze použít.',
  tagNotRemovable: 'Tento štítek nelze odebrat.',
} as const;
