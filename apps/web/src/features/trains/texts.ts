/** Texts of the train, special-vehicle, zone and route layers. The spec gives none of these: all ours. */
export const TRAIN_TEXTS = {
  reloadTrain: 'Aktualizovat polohu vlaku', // ours
  trackedTrains: 'Sledované vlaky', // ours
  trainUnknown: (label: string) => `${label}: poloha není známa`, // ours
  /** the server's 502 carries its own text; this one when a proxy's 502 has none (same as the server's) */
  serviceUnavailable: 'Služba polohy vlaků není dostupná.', // ours
} as const;
