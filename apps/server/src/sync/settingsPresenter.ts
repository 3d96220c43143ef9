/**
 * The settings as the panel gets them, in every answer that carries them (full bundle, delta, "nothing changed",
 * pushed delta). The settings row holds the map layers as configured (MAP_LAYERS, written at start); what the
 * panel needs is the layers as they are now — WMTS layers completed with the tile grids their services announce,
 * the unreachable ones left out, and `mapNotice` saying so (issue 15, integrations/map/wmts/baseMaps.ts). The app
 * registers that completion once per database; it answers the same object while nothing changed, so answers kept
 * by identity (modules/sync/delta/encoded.ts) stay valid and are rebuilt when the maps come or go.
 */
import type { Database } from '../db/client.js';

export type SettingsPresenter = (settings: unknown) => Promise<unknown>;

const presenters = new WeakMap<Database, SettingsPresenter>();

export function registerSettingsPresenter(db: Database, presenter: SettingsPresenter): void {
  presenters.set(db, presenter);
}

/** The settings of this database as the panel gets them (as stored when no presenter is registered). */
export async function presentSettings(db: Database, settings: unknown): Promise<unknown> {
  const presenter = presenters.get(db);
  return presenter ? presenter(settings) : settings;
}

/**
 * A presenter that completes `settings.mapLayers` with `complete` and memoizes: the same stored settings and the
 * same completion give the same object.
 */
export function memoizedMapPresenter(
  complete: (layers: unknown) => Promise<{ layers: unknown; notice: string | null }>,
): SettingsPresenter {
  let memo: { stored: unknown; key: string; value: unknown } | null = null;
  return async (stored) => {
    const settings = (stored ?? {}) as Record<string, unknown>;
    const maps = await complete(settings.mapLayers);
    const key = `${maps.notice ?? ''}|${JSON.stringify(maps.layers ?? null)}`;
    if (memo && memo.stored === stored && memo.key === key) return memo.value;
    const value = { ...settings, mapLayers: maps.layers ?? null, mapNotice: maps.notice };
    memo = { stored, key, value };
    return value;
  };
}
