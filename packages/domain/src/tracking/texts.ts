/** Czech texts of live tracking (ours: the spec has none for these features). */
export const trackingTexts = {
  etaRoute: 'Příjezd podle trasy',
  etaEstimate: 'Odhad příjezdu (vzdušnou čarou)',
  /** short marks beside a time or a distance */
  routeShort: 'trasa',
  estimateShort: 'odhad',
  geofence: 'Automatické stavy podle polohy',
  geofenceHint: 'Na místě, Návrat a Na základně podle polohy vozidla (okruh 150 m)',
  geofenceOffBySetting: 'Automatické stavy podle polohy jsou vypnuté v nastavení',
  trails: 'Stopy vozidel (30 min)',
  tracks: 'Trasy nasazené techniky',
  tracksEmpty: 'Nasazená technika zatím nemá zaznamenanou trasu',
  tracksFailed: 'Trasy techniky se nepodařilo načíst',
  nearestFree: 'Nejbližší volné vozidlo',
  noNearestFree: 'Žádné volné vozidlo s polohou',
  distanceEta: 'Vzdálenost / příjezd',
  eventNoTarget: 'Událost nemá zadané místo, vzdálenost nelze spočítat',
} as const;
