/** Czech texts of tracker administration (ours: the spec has no trackers). */
export const trackerTexts = {
  badTrackerId: 'Identifikátor sledovacího zařízení smí mít 1–64 znaků bez mezer.',
  trackerIdTaken: 'Tento identifikátor už používá jiné zařízení.',
  badId: 'Neplatné id zařízení.',
  notFound: 'Zařízení nebylo nalezeno.',
  noSecret: 'Zařízení nemá klíč pro hlášení polohy.',
} as const;
