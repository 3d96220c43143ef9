/**
 * State of the map editing (issue 6): the note banner, the terrain dialog with its pending action, the geo
 * drawing (type and status; status ≠ 0 disables measuring, 001 §4), the geo object being edited, the destination
 * drag and the linking overlay's list dialog and loading flag.
 */
import { create } from 'zustand';

/** The dispatcher's choice between the typed and the found address (addressChoice.ts asks it). */
export type AddressAnswer = 'found' | 'typed';

export interface AddressQuestion {
  eventUuid: string;
  typed: string;
  found: string;
  /** the typed text goes to 'Upřesnění místa' when the found address is taken */
  keepsTyped: boolean;
  answer: (choice: AddressAnswer) => void;
}

export interface NoteDraft {
  /** null for a new note */
  id: number | null;
  /** the client uuid of a new note (kept while the banner is open, so a retry is idempotent) */
  uuid: string;
  eventId: number;
  eventUuid: string;
  /** [lon, lat] */
  lonLat: [number, number];
  content: string;
}

export interface TerrainRequest {
  eventUuid: string;
  /** eventTerrainId may be changed (001 §5: otherwise the choice is disabled) */
  editable: boolean;
  /** what runs after the terrain was chosen (or left as it is) */
  pending: () => Promise<void> | void;
}

export type DrawType = 'none' | 'LineString' | 'Polygon';

/** 0 idle, 1 drawing, 2 asking for the title, 3 editing a geo object */
export type DrawStatus = 0 | 1 | 2 | 3;

export interface PendingGeo {
  uuid: string;
  eventId: number;
  /** GeoJSON geometry in EPSG:4326 */
  geometry: { type: 'LineString' | 'Polygon'; coordinates: unknown };
}

export interface EditingState {
  note: NoteDraft | null;
  terrain: TerrainRequest | null;
  /** the question 'typed address or the map's?' (issue 12 item 9) */
  addressQuestion: AddressQuestion | null;
  drawType: DrawType;
  drawStatus: DrawStatus;
  pendingGeo: PendingGeo | null;
  editGeoId: number | null;
  linkDialog: boolean;
  linkLoading: boolean;
  set: (patch: Partial<Omit<EditingState, 'set' | 'reset'>>) => void;
  reset: () => void;
}

const initial = {
  note: null,
  terrain: null,
  addressQuestion: null,
  drawType: 'none' as DrawType,
  drawStatus: 0 as DrawStatus,
  pendingGeo: null,
  editGeoId: null,
  linkDialog: false,
  linkLoading: false,
};

export const useEditingStore = create<EditingState>()((set) => ({
  ...initial,
  set: (patch) => set(patch),
  reset: () => set(initial),
}));

export function newUuid(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}
