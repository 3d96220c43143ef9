/** Texts of radio recording and photo capture; the spec gives none of these (ours). */
export const CAPTURE_TEXTS = {
  radio: 'Vysílačka: držte tlačítko nebo Ctrl+Mezerník a mluvte', // ours
  recording: (elapsed: string) => `Nahrávám ${elapsed}, pusťte pro odeslání`, // ours
  recordingShort: 'Nahrávám', // ours
  processing: 'Zpracovávám nahrávku…', // ours
  tooShort: 'Nahrávka byla příliš krátká (0,5 s a méně), nebyla odeslána.', // ours
  maxReached: 'Nahrávka dosáhla nejdelší povolené délky 60 s a odesílá se.', // ours
  micDenied: 'Přístup k mikrofonu byl odepřen. Povolte mikrofon pro tuto stránku v nastavení prohlížeče.', // ours
  micMissing: 'Nebyl nalezen žádný mikrofon.', // ours
  unsupported: 'Tento prohlížeč neumí nahrávat zvuk.', // ours
  failed: 'Nahrávání se nezdařilo.', // ours
  encodeFailed: 'Nahrávku se nepodařilo zpracovat, nebyla odeslána.', // ours
  radioLabel: (duration: string) => `Rádiová zpráva ${duration}`, // ours (pending bubble)
  photo: 'Vyfotit nebo vybrat fotografii', // ours
  photoLabel: 'Fotografie', // ours (pending bubble)
  photoFailed: 'Fotografii se nepodařilo zpracovat.', // ours
  waiting: 'Bez spojení: zpráva se odešle, jakmile se spojení obnoví.', // ours
} as const;
