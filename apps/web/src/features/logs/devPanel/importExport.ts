/**
 * Export and import of the panel's local state (001 §2 developer panel): setup, map and mute stores as one
 * JSON file. Import validates the whole file before changing anything.
 */
import { z } from 'zod';
import { useMapStore } from '../../map/mapStore';
import { useMuteStore } from '../../../stores/muteStore';
import { useSetupStore } from '../../../stores/setupStore';
import { AUTO_REFRESH_MIN } from '@panel/domain/constants';

export const EXPORT_FORMAT = 'panel-state';

const setupSchema = z
  .object({
    devPanel: z.object({ visible: z.boolean(), activeTab: z.string() }),
    darkMode: z.boolean(),
    autoRefresh: z.boolean(),
    autoRefreshPeriod: z.number().finite().min(AUTO_REFRESH_MIN),
    sendOnEnter: z.boolean(),
  })
  .partial()
  .strict();

const lonLat = z.tuple([z.number().finite(), z.number().finite()]);

const mapSchema = z
  .object({
    zoom: z.number().finite(),
    center: lonLat,
    opacity: z.number().min(0).max(1),
    points: z.array(
      z
        .object({ id: z.string(), uuid: z.string(), title: z.string(), type_code: z.string(), coordinates: lonLat })
        .loose(),
    ),
    baseLayer: z.enum(['offline', 'ztm', 'ortho', 'tourist', 'orthoLabels', 'mapService']),
    overlays: z.partialRecord(z.enum(['cadastre', 'traffic', 'drone', 'hunting']), z.boolean()),
    droneLayer: z.string().nullable(),
    specialVehicles: z.boolean(),
    zones: z.boolean(),
  })
  .partial()
  .strict();

const muteSchema = z.object({ muted: z.record(z.string(), z.literal(true)) }).strict();

export const stateFileSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(1),
    exportedAt: z.string().optional(),
    setup: setupSchema.optional(),
    map: mapSchema.optional(),
    mute: muteSchema.optional(),
  })
  .strict();

export type StateFile = z.infer<typeof stateFileSchema>;

export function exportState(now: Date = new Date()): StateFile {
  const { devPanel, darkMode, autoRefresh, autoRefreshPeriod, sendOnEnter } = useSetupStore.getState();
  const m = useMapStore.getState();
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt: now.toISOString(),
    setup: { devPanel, darkMode, autoRefresh, autoRefreshPeriod, sendOnEnter },
    map: {
      zoom: m.zoom,
      center: m.center,
      opacity: m.opacity,
      points: m.points as unknown as NonNullable<StateFile['map']>['points'],
      baseLayer: m.baseLayer,
      overlays: m.overlays,
      droneLayer: m.droneLayer,
      specialVehicles: m.specialVehicles,
      zones: m.zones,
    },
    mute: { muted: useMuteStore.getState().muted },
  };
}

/** Offers the state as a JSON download. */
export function downloadState(): void {
  const blob = new Blob([JSON.stringify(exportState(), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `panel-stav-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Parses and validates an export; throws an Error with a Czech message when it is not one. */
export function parseState(text: string): StateFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('invalid-json');
  }
  const result = stateFileSchema.safeParse(raw);
  if (!result.success) throw new Error('invalid-state');
  return result.data;
}

export function applyState(state: StateFile): void {
  if (state.setup) useSetupStore.setState(state.setup);
  if (state.map) useMapStore.setState(state.map as Partial<ReturnType<typeof useMapStore.getState>>);
  if (state.mute) useMuteStore.setState({ muted: state.mute.muted as Record<string, true> });
}

/** Reads a chosen file: validates, then applies. Resolves false (nothing changed) for a bad file. */
export async function importStateFile(file: Blob): Promise<boolean> {
  try {
    applyState(parseState(await file.text()));
    return true;
  } catch (error) {
    console.warn('[devpanel] import refused', error);
    return false;
  }
}
