/**
 * The map cards (001 §2, §4): one card at a time (cadastre, rail image, hunting region, explore, train) with
 * its status (0 closed, 1 loading, 5 loaded), maximized flag, coordinate, data or error; and the street-level
 * panorama view beside it. A new coordinate starts loading and shrinks the card; when loading ends the card
 * shows maximized with status 5, also after an error (the rail image error shows minimized, 001 §8). Opening
 * another card or coordinate cancels the previous request. Opening cadastre shows the cadastre overlay (when
 * configured), closing it hides it.
 *
 * For other areas: `openCard(kind, lonLat)` and `openTrainCard(trainProperties)`.
 */
import { create } from 'zustand';
import { texts } from '@panel/domain/locale';
import { isAbortError, messageOf, ApiError } from '../../../api/client';
import {
  fetchCadastre,
  fetchExploreLines,
  fetchExplorePoints,
  fetchHuntingRegion,
  fetchImageBlob,
  fetchPanorama,
  fetchRailImage,
  type CadastreAnswer,
  type ExploreLine,
  type ExplorePoint,
  type HuntingContact,
  type HuntingRegionFeature,
  type LonLat,
  type RailImageAnswer,
} from '../../../api/mapServices';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toast } from '../../../ui/toasts';
import { useMapStore } from '../mapStore';
import {
  CARD_STATUS,
  panoramaDecision,
  railImageFailureText,
  railImageStatusError,
  type CardKind,
  type CardStatus,
  type PanoramaState,
  type TrainInfo,
} from './cardRules';
import { findMapyPanorama } from './mapyPanorama';
import { CARD_TEXTS } from './texts';

export type LoadableKind = Exclude<CardKind, 'train'>;

export type { PanoramaState };

export interface CardsState {
  kind: CardKind | null;
  status: CardStatus;
  maximized: boolean;
  /** the asked coordinate (the rail image card moves it onto the track when the answer is OK) */
  lonLat: LonLat | null;
  error: string | null;
  cadastre: CadastreAnswer | null;
  railImage: RailImageAnswer | null;
  /** object URL of the rail image blob (revoked when replaced or closed) */
  railImageSrc: string | null;
  railImageBlob: Blob | null;
  hunting: HuntingRegionFeature | null;
  explore: { points: ExplorePoint[]; lines: ExploreLine[] } | null;
  train: TrainInfo | null;
  panorama: PanoramaState | null;
  openCard: (kind: LoadableKind, lonLat: LonLat) => Promise<void>;
  openTrainCard: (train: TrainInfo) => void;
  closeCard: () => void;
  toggleMaximized: () => void;
  setHuntingContacts: (contacts: HuntingContact[]) => void;
  /** NONE shows the view; another error code calls `move` (the map animates to the coordinates). */
  openPanorama: (lonLat: LonLat, move: (lonLat: LonLat) => void) => Promise<void>;
  closePanorama: () => void;
  /** Mapy.com's viewer answered an error code other than NONE: close the view, the map just moves (001 §8). */
  panoramaUnavailable: (errorCode: string) => void;
  /** Mapy.com's viewer moved to another panorama (navigation arrows): its point and capture date follow. */
  panoramaMoved: (lonLat: LonLat, capturedAt: string | null) => void;
}

const EMPTY = {
  kind: null,
  status: CARD_STATUS.CLOSED,
  maximized: false,
  lonLat: null,
  error: null,
  cadastre: null,
  railImage: null,
  railImageSrc: null,
  railImageBlob: null,
  hunting: null,
  explore: null,
  train: null,
} satisfies Partial<CardsState>;

let seq = 0;
let controller: AbortController | null = null;
let panoramaSeq = 0;
/** Where the map goes when the opened panorama turns out unavailable (the asked point and the map's mover). */
let panoramaFallback: { lonLat: LonLat; move: (lonLat: LonLat) => void } | null = null;

/** A new request: the previous one is cancelled. */
function begin(): { id: number; signal: AbortSignal } {
  controller?.abort();
  controller = new AbortController();
  seq += 1;
  return { id: seq, signal: controller.signal };
}

const revoke = (src: string | null) => {
  if (src) URL.revokeObjectURL(src);
};

function cadastreOverlay(on: boolean) {
  const configured = Boolean(useEntitiesStore.getState().settings.mapLayers?.cadastre);
  const map = useMapStore.getState();
  if (on && configured) map.setOverlay('cadastre', true);
  if (!on && map.overlays.cadastre) map.setOverlay('cadastre', false);
}

export const useCardsStore = create<CardsState>()((set, get) => {
  /** Replaces the card (revoking the old image, hiding the cadastre overlay when cadastre goes). */
  const replace = (patch: Partial<CardsState>) => {
    const before = get();
    if (before.railImageSrc && before.railImageSrc !== patch.railImageSrc) revoke(before.railImageSrc);
    if (before.kind === 'cadastre' && patch.kind !== 'cadastre') cadastreOverlay(false);
    set({ ...EMPTY, ...patch });
  };
  const current = (id: number) => id === seq;

  async function loadCadastre(id: number, lonLat: LonLat, signal: AbortSignal) {
    try {
      const answer = await fetchCadastre(lonLat, signal);
      if (!current(id)) return;
      set({ cadastre: { link: answer?.link ?? '', content: answer?.content ?? '' }, error: null });
    } catch (error) {
      if (!current(id) || isAbortError(error)) return;
      console.warn('[cards] cadastre failed', error);
      set({ cadastre: { link: '', content: '' }, error: texts.map.cadastreError });
    }
    set({ status: CARD_STATUS.LOADED, maximized: true });
  }

  async function loadRailImage(id: number, lonLat: LonLat, signal: AbortSignal) {
    try {
      const answer = await fetchRailImage(lonLat, signal);
      if (!current(id)) return;
      const statusError = railImageStatusError(answer);
      if (statusError || !answer.image) {
        set({
          railImage: answer,
          error: statusError ?? texts.map.railImageError,
          status: CARD_STATUS.LOADED,
          maximized: false,
        });
        return;
      }
      const blob = await fetchImageBlob(answer.image, signal);
      if (!current(id)) return;
      const src = URL.createObjectURL(blob);
      set({
        railImage: answer,
        railImageBlob: blob,
        railImageSrc: src,
        lonLat: [answer.longitude ?? lonLat[0], answer.latitude ?? lonLat[1]],
        error: null,
        status: CARD_STATUS.LOADED,
        maximized: true,
      });
    } catch (error) {
      if (!current(id) || isAbortError(error)) return;
      console.warn('[cards] rail image failed', error);
      set({ error: railImageFailureText(error), status: CARD_STATUS.LOADED, maximized: false });
    }
  }

  async function loadHunting(id: number, lonLat: LonLat, signal: AbortSignal) {
    try {
      const answer = await fetchHuntingRegion(lonLat, signal);
      if (!current(id)) return;
      const feature = answer?.features?.[0];
      if (!feature) {
        replace({});
        return;
      }
      set({ hunting: feature, status: CARD_STATUS.LOADED, maximized: true });
    } catch (error) {
      // 001 §8: hunting-region failures are ignored (logged)
      if (!current(id) || isAbortError(error)) return;
      console.warn('[cards] hunting region failed', error);
      replace({});
    }
  }

  async function loadExplore(id: number, lonLat: LonLat, signal: AbortSignal) {
    // 001 §7: failures ignored — an empty list
    const [points, lines] = await Promise.allSettled([
      fetchExplorePoints(lonLat, signal),
      fetchExploreLines(lonLat, signal),
    ]);
    if (!current(id)) return;
    for (const r of [points, lines]) if (r.status === 'rejected') console.warn('[cards] explore failed', r.reason);
    set({
      explore: {
        points: points.status === 'fulfilled' && Array.isArray(points.value) ? points.value : [],
        lines: lines.status === 'fulfilled' && Array.isArray(lines.value) ? lines.value : [],
      },
      status: CARD_STATUS.LOADED,
      maximized: true,
    });
  }

  return {
    ...EMPTY,
    panorama: null,

    openCard: async (kind, lonLat) => {
      const { id, signal } = begin();
      replace({ kind, lonLat, status: CARD_STATUS.LOADING, maximized: false });
      if (kind === 'cadastre') {
        cadastreOverlay(true);
        await loadCadastre(id, lonLat, signal);
      } else if (kind === 'railImage') await loadRailImage(id, lonLat, signal);
      else if (kind === 'hunting') await loadHunting(id, lonLat, signal);
      else await loadExplore(id, lonLat, signal);
    },

    openTrainCard: (train) => {
      begin();
      const gps = Array.isArray(train?.current_gps) ? (train.current_gps as LonLat) : null;
      replace({ kind: 'train', train: { ...train }, lonLat: gps, status: CARD_STATUS.LOADED, maximized: true });
    },

    closeCard: () => {
      begin();
      replace({});
    },

    toggleMaximized: () => set((s) => ({ maximized: !s.maximized })),

    setHuntingContacts: (contacts) =>
      set((s) => (s.hunting ? { hunting: { ...s.hunting, properties: { ...s.hunting.properties, contacts } } } : {})),

    openPanorama: async (lonLat, move) => {
      panoramaSeq += 1;
      const id = panoramaSeq;
      try {
        const answer = await fetchPanorama(lonLat);
        if (id !== panoramaSeq) return;
        let decision = panoramaDecision(answer, lonLat);
        if ('provider' in answer && answer.provider === 'mapy') {
          const found = await findMapyPanorama(answer);
          if (id !== panoramaSeq) return;
          decision = found.found
            ? {
                action: 'view',
                provider: 'mapy',
                origin: found.lonLat,
                lonLat: found.lonLat,
                view: { yaw: answer.yaw, pitch: answer.pitch, fov: answer.fov },
                capturedAt: found.capturedAt,
                apiKey: answer.apiKey,
                scriptUrl: answer.scriptUrl,
              }
            : { action: 'move', lonLat };
        }
        if (decision.action === 'view') {
          const { action: _action, ...panorama } = decision;
          panoramaFallback = { lonLat, move };
          set({ panorama: panorama as PanoramaState });
        } else {
          set({ panorama: null });
          move(decision.lonLat);
        }
      } catch (error) {
        if (id !== panoramaSeq || isAbortError(error)) return;
        console.warn('[cards] panorama failed', error);
        toast.error((error instanceof ApiError && messageOf(error.body)) || CARD_TEXTS.panoramaFailed);
      }
    },

    panoramaUnavailable: (errorCode) => {
      console.warn('[cards] panorama unavailable', errorCode);
      const fallback = panoramaFallback;
      panoramaSeq += 1;
      panoramaFallback = null;
      set({ panorama: null });
      fallback?.move(fallback.lonLat);
    },

    panoramaMoved: (lonLat, capturedAt) =>
      set((s) => (s.panorama ? { panorama: { ...s.panorama, lonLat, capturedAt } } : {})),

    closePanorama: () => {
      panoramaSeq += 1;
      panoramaFallback = null;
      set({ panorama: null });
    },
  };
});

/** Opens a card at [lon, lat] (cadastre, rail image, hunting region, explore). */
export const openCard = (kind: LoadableKind, lonLat: LonLat) => useCardsStore.getState().openCard(kind, lonLat);

/**
 * Opens the train card with the Train properties of a train feature (`feature.getProperties()` of the train
 * layer: docs/API.md `POST /train-location`).
 */
export const openTrainCard = (train: TrainInfo | Record<string, unknown>) =>
  useCardsStore.getState().openTrainCard(train as TrainInfo);

export const closeCard = () => useCardsStore.getState().closeCard();
