/** Texts of the train, special-vehicle, zone and route layers. The spec gives none of these: all ours. */
export const TRAIN_TEXTS = {
  reloadTrain: 'Aktualizovat polohu vlaku', // ours
  trackedTrains: 'Sledované vlaky', // ours
  trainUnknown: (label: string) => `${label}: poloha není známa`, // ours
} as const;
