/** Labels of the map controls the spec does not give (ours); the spec's texts come from `texts.map`. */
export const MAP_TEXTS = {
  zoomIn: 'Přiblížit', // ours
  zoomOut: 'Oddálit', // ours
  zoomLevel: (z: number) => `Úroveň přiblížení ${z}`, // ours
  copyCoordinates: 'Zkopírovat souřadnice', // ours
  externalMap: 'Otevřít střed mapy v externí mapě (mapy.cz)', // ours
  coordinateEntry: 'Přejít na souřadnice (šířka, délka)', // ours
  coordinateEntryPlaceholder: '50.0831, 14.4360', // ours
  coordinateInvalid: 'Zadejte zeměpisnou šířku a délku v ČR, např. 50.0831, 14.4360', // ours
  coordinatePoint: (text: string) => `Souřadnice ${text}`, // ours
  search: 'Vyhledávání míst', // ours
  autoCenter: 'Automatické centrování', // ours
  specialVehicles: 'Speciální kolejová vozidla', // ours
  zones: 'Zásahové obvody', // ours
  baseLayer: 'Podkladová mapa', // ours
  notConfigured: 'není k dispozici', // ours
  drone: 'Letecké snímky z dronu', // ours
  droneLayer: 'Vrstva dronu', // ours
  droneReprojected: (crs: string) =>
    `Služba dronu nenabízí souřadnicový systém S-JTSK (EPSG:5514); snímky se převádějí z ${crs} a mohou být méně ostré.`, // ours
  droneNoCrs:
    'Služba dronu nenabízí souřadnicový systém S-JTSK (EPSG:5514) ani jiný, který mapa umí převést; vrstva se nezobrazí.', // ours
  overlays: 'Překryvné vrstvy', // ours
  vehicles: 'Technika', // ours (issue 14: trails and deployment tracks)
  measureLine: 'Měřit vzdálenost', // ours
  measureArea: 'Měřit plochu', // ours
  measureOff: 'Vypnout měření', // ours
} as const;
