/**
 * Texts of the vehicle tab and the deployment dialog. The spec's texts come from the domain catalogue
 * (`texts.jobs`, verbatim, 000 §2, §8); the labels the spec does not give are ours.
 */
import { texts } from '@panel/domain/locale';

const { jobs, events } = texts;

/** '45 s', '12 min', '2 h 5 min' */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

export const vt = {
  // spec (000 §2, §8)
  tab: events.resourcesTab,
  created: jobs.created,
  saveFailed: jobs.saveFailed,
  moveConfirm: jobs.moveConfirm,
  endConfirm: jobs.endConfirm,
  filterDrone: jobs.filterDrone,
  filterInspector: jobs.filterInspector,
  back: events.back,
  // ours
  sendRoute: 'Odeslat trasu do vozidla',
  routeFailed: 'Trasu se nepodařilo odeslat',
  showWaypoints: 'Zobrazit trasu vozidla',
  deploy: 'Nasadit techniku',
  dialogTitle: 'Nasazení techniky',
  search: 'Hledat techniku',
  empty: 'Žádná nasazená technika',
  noMatch: 'Žádná technika neodpovídá filtru',
  loading: 'Načítám techniku…',
  loadFailed: 'Přehled techniky se nepodařilo načíst',
  pickVehicle: 'Vyberte techniku v tabulce',
  columns: {
    name: 'Technika',
    base: 'Jednotka',
    type: 'Typ',
    status: 'Stav',
    position: 'Poloha',
    event: 'Událost',
    jobStatus: 'Stav výjezdu',
    eta: 'Příjezd',
  },
  vehicleStatus: { 0: 'Vypnuto', 1: 'Jízda', 2: 'Pozorovatel', 3: 'Navigace' } as Record<number, string>,
  free: 'volná',
  here: 'u této události',
  elsewhere: 'jiná událost',
  noPosition: 'bez polohy',
  stale: (seconds: number) => `Neaktuální poloha (před ${formatAge(seconds)})`,
  fresh: (seconds: number) => `před ${formatAge(seconds)}`,
  licence: 'SPZ',
  coordinates: 'Souřadnice',
  speed: 'Rychlost',
  etaLabel: 'Příjezd (DD.MM.YYYY HH:mm)',
  etaInvalid: 'Chybné datum',
  actions: {
    save: 'Uložit',
    deploy: 'Nasadit',
    move: 'Přesunout',
    end: 'Ukončit nasazení',
    close: 'Zavřít',
    yes: 'Ano',
  },
  moveTitle: 'Přesun techniky',
  endTitle: 'Ukončení nasazení',
  noRight: 'Na tuto akci nemáte oprávnění',
  /** the deployments' tracks under the Technika list (issue 14 item 6), ours */
  tracks: {
    departure: 'Výjezd',
    driven: 'Ujeto',
    lastFix: 'Poslední poloha',
    noFix: 'bez polohy',
    showOnMap: 'Zobrazit na mapě',
    unknownVehicle: (id: number) => `Technika ${id}`,
  },
} as const;
