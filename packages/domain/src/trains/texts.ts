/** Czech texts of the train calls (ours: the spec gives none for these refusals). */
export const trainRouteTexts = {
  locationQuery: 'Zadejte číslo vlaku (TR), nebo čas od–do (CasOd, CasDo) s číslem vlaku nebo dopravním bodem.',
  trainNumber: 'Číslo vlaku musí být 1–6 číslic.',
  time: 'Čas musí mít tvar RRRR-MM-DD HH:mm:ss.',
  window: 'Čas od musí předcházet času do.',
  trackList: 'Zadejte seznam čísel vlaků (TR, nejvýše 100).',
} as const;
