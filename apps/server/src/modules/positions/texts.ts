/** Czech texts of the position ingest and tracker administration (ours: the spec has none for them). */
export const positionTexts = {
  missingId: 'Chybí identifikátor zařízení (id).',
  badId: 'Identifikátor zařízení smí mít nejvýše 64 znaků.',
  missingLatitude: 'Chybí zeměpisná šířka.',
  missingLongitude: 'Chybí zeměpisná délka.',
  badLatitude: 'Zeměpisná šířka musí být číslo od -90 do 90.',
  badLongitude: 'Zeměpisná délka musí být číslo od -180 do 180.',
  badTimestamp: 'Čas polohy není platný.',
  badNumber: 'Hodnota musí být číslo.',
  badBody: 'Tělo požadavku není hlášení polohy.',
  tooMany: 'Jeden požadavek smí nést nejvýše 100 poloh.',
  missingSecret: 'Chybí klíč zařízení.',
  accepted: 'Poloha přijata.',
  duplicate: 'Poloha už byla přijata.',
} as const;
