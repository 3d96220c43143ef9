/**
 * Which configured map layers cannot load their tiles (issue 24 item 15): a layer whose tiles fail one after
 * another — neither directly nor through the tile proxy — is failing until one of its tiles arrives again. The
 * map then says so (`MapNotice`) and shows the offline map under a failing base layer.
 */
import { create } from 'zustand';
import type { TileReport } from './tileLoader';

/** consecutive failed tiles before the layer counts as failing (a single missing tile at an edge is no outage) */
export const FAILING_AFTER = 4;

interface TileHealthState {
  /** consecutive failures by layer name */
  failures: Record<string, number>;
  /** Czech labels of the layers, by name */
  labels: Record<string, string>;
  report(name: string, label: string): TileReport;
  forget(name: string): void;
}

export const useTileHealthStore = create<TileHealthState>()((set, get) => ({
  failures: {},
  labels: {},
  report: (name, label) => ({
    loaded: () => {
      if (get().failures[name]) set((s) => ({ failures: { ...s.failures, [name]: 0 } }));
    },
    failed: () =>
      set((s) => ({
        failures: { ...s.failures, [name]: (s.failures[name] ?? 0) + 1 },
        labels: { ...s.labels, [name]: label },
      })),
  }),
  forget: (name) =>
    set((s) => {
      const { [name]: _failures, ...failures } = s.failures;
      return { failures };
    }),
}));

export const isFailing = (failures: Record<string, number>, name: string) => (failures[name] ?? 0) >= FAILING_AFTER;

/** The labels of the failing layers, in a stable order. */
export function failingLabels(state: Pick<TileHealthState, 'failures' | 'labels'>): string[] {
  return Object.keys(state.failures)
    .filter((name) => isFailing(state.failures, name))
    .sort()
    .map((name) => state.labels[name] ?? name);
}
