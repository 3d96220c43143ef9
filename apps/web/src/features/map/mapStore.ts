/**
 * Map state (001 §3: zoom, centre, opacity, points) kept across reloads, plus the map's switches: chosen base
 * layer, overlays, auto-centre, search panel, special vehicles, zones, drone layer, measuring.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { MAP_START_CENTRE, MAP_ZOOM_MAX, MAP_ZOOM_MIN, OVERLAY_OPACITY } from '@panel/domain/constants';
import type { BaseLayerId, OverlayId } from '@panel/domain/map';

/** A point chosen in the search or set by ctrl-click (the origin). */
export interface MapPoint {
  id: string;
  uuid: string;
  title: string;
  type_code: string;
  type?: string;
  base_title?: string;
  base_id?: number | null;
  /** [lon, lat] */
  coordinates: [number, number];
}

export type MeasureType = 'none' | 'line' | 'polygon';

/**
 * A deployment's track the event view asked the map to show ('Zobrazit na mapě'): highlighted while its event is
 * the active one; `fitted` false until the map has fitted its view to it (the map may mount later: on a phone it
 * lives in the event's 'Mapa' tab).
 */
export interface FocusedTrack {
  jobId: number;
  eventId: number;
  /** [lon, lat], oldest first */
  points: [number, number][];
  color: string;
  fitted: boolean;
}

export interface MapState {
  zoom: number;
  /** [lon, lat] */
  center: [number, number];
  opacity: number;
  points: MapPoint[];
  /** the origin for distances (ctrl-click) */
  origin: [number, number] | null;
  baseLayer: BaseLayerId;
  overlays: Partial<Record<OverlayId, boolean>>;
  droneLayer: string | null;
  autoCenter: boolean;
  searchOpen: boolean;
  /** the search was opened by an event form's 'Adresa': a pick sets that event's target and address */
  addressSearch: { eventUuid: string; text: string; at: number } | null;
  specialVehicles: boolean;
  zones: boolean;
  measure: MeasureType;
  /** the train number the map follows (chosen in the search, or an event's trainNumber) */
  trackedTrain: string | null;
  /**
   * The map follows the search's train: set by choosing a train in the search, cleared by picking an event —
   * the later explicit choice wins (auto-centre yields to it). Not kept across reloads.
   */
  followTrain: boolean;
  /** vehicle trails of the last 30 minutes (issue 14), off by default */
  trails: boolean;
  /** the active event's deployment tracks (issue 14), on by default */
  jobTracks: boolean;
  /** not kept across reloads */
  focusedTrack: FocusedTrack | null;
  setView: (center: [number, number], zoom: number) => void;
  setBaseLayer: (id: BaseLayerId) => void;
  setOverlay: (id: OverlayId, on: boolean) => void;
  set: (patch: Partial<Omit<MapState, 'points'>>) => void;
  addPoint: (point: MapPoint) => void;
  /** Removing the last point turns auto-centre on; other removals turn it off (001 §4). */
  removePoint: (id: string) => void;
  clearPoints: () => void;
}

const clampZoom = (zoom: number) => Math.min(MAP_ZOOM_MAX, Math.max(MAP_ZOOM_MIN, Math.round(zoom)));

/** What survives a reload (001 §3 and the user's switches); the rest is this session's. */
const PERSISTED = [
  'zoom',
  'center',
  'opacity',
  'points',
  'baseLayer',
  'overlays',
  'droneLayer',
  'specialVehicles',
  'zones',
  'trails',
  'jobTracks',
] as const satisfies readonly (keyof MapState)[];

type PersistedMap = Pick<MapState, (typeof PERSISTED)[number]>;

function pickPersisted(s: MapState): PersistedMap {
  return Object.fromEntries(PERSISTED.map((k) => [k, s[k]])) as PersistedMap;
}

export const useMapStore = create<MapState>()(
  persist(
    (set) => ({
      zoom: MAP_ZOOM_MIN, // the whole country (512 m/px)
      center: [MAP_START_CENTRE[0], MAP_START_CENTRE[1]],
      opacity: OVERLAY_OPACITY,
      points: [],
      origin: null,
      baseLayer: 'offline',
      overlays: {},
      droneLayer: null,
      autoCenter: true,
      searchOpen: false,
      addressSearch: null,
      specialVehicles: false,
      zones: false,
      measure: 'none',
      trackedTrain: null,
      followTrain: false,
      trails: false,
      jobTracks: true,
      focusedTrack: null,
      setView: (center, zoom) => set({ center, zoom: clampZoom(zoom) }),
      setBaseLayer: (baseLayer) => set({ baseLayer }),
      setOverlay: (id, on) => set((s) => ({ overlays: { ...s.overlays, [id]: on } })),
      set: (patch) => set(patch),
      // a point is the latest explicit choice: the search's train is no longer followed (TrainsLayer)
      addPoint: (point) =>
        set((s) => ({ points: [...s.points.filter((p) => p.id !== point.id), point], followTrain: false })),
      // removing a point never turns auto-centre off (001 §4 names what does: dragging, wheel, zoom buttons, a
      // train reload); with none left it comes on, so the map goes back to the event
      removePoint: (id) =>
        set((s) => {
          const points = s.points.filter((p) => p.id !== id);
          return { points, autoCenter: points.length === 0 || s.autoCenter };
        }),
      clearPoints: () => set({ points: [], autoCenter: true }),
    }),
    {
      name: 'panel.map',
      partialize: (s) => pickPersisted(s),
    },
  ),
);
