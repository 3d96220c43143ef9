/** Czech texts of vehicles and deployment (event jobs; 000 §2, §4, §8). */
export const jobTexts = {
  created: 'Výjezd byl založen',
  saveFailed: 'Chyba při ukládání výjezdu',
  moveConfirm: 'Technika zasahuje u jiné události! Chcete ji přesunout?',
  endConfirm: 'Chcete opravdu ukončit nasazení této techniky?',
  filterDrone: 'Dron',
  filterInspector: 'Inspektor',
  // ours (issue 5): the server's refusals of a deployment write; the spec gives no wording
  busyElsewhere: 'Technika zasahuje u jiné události!',
  alreadyHere: 'Technika je již nasazena u této události.',
  alreadyEnded: 'Nasazení již bylo ukončeno.',
  unknownResource: 'Neznámá technika.',
  eventInactive: 'Událost není aktivní.',
  badStatus: 'Neplatný stav výjezdu.',
  endRefused: 'Nasazení může ukončit jen jednotka techniky nebo centrální dispečink.',
} as const;

/** the deployment calls */
export const vehiclesTexts = {
  // ours: the spec gives no wording for a deployment without its event
  missingEvent: 'Chybí událost.',
} as const;
