/**
 * The drone control against ČÚZK's capabilities sample (fixtures/README.md), served with the `wms:` prefix:
 * the layers are offered, and a layer without EPSG:5514 gets the Czech warning (toast and icon).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { renderUi, resetStores } from '../../../test/utils';
import { useMapStore } from '../mapStore';
import { DroneControl } from './DroneControl';
import { useDroneStore } from './droneStore';
import cuzk from './fixtures/cuzk-wms-capabilities.xml?raw';

const prefixed = cuzk
  .replace(/<(\/?)(?!\?|!)([A-Za-z_][\w.-]*)([\s>/])/g, '<$1wms:$2$3')
  .replace('xmlns="http://www.opengis.net/wms"', 'xmlns:wms="http://www.opengis.net/wms"');

describe('DroneControl', () => {
  beforeEach(() => {
    resetStores();
    useDroneStore.getState().setLayers(null);
    useEntitiesStore.setState((s) => ({
      settings: { ...s.settings, mapLayers: { drone: { type: 'wms', url: 'https://dron.example/wms' } } },
    }));
    const fetchFn = vi.fn(async (url: string) => {
      expect(decodeURIComponent(url)).toContain('https://dron.example/wms?SERVICE=WMS&REQUEST=GetCapabilities');
      return new Response(prefixed, { status: 200, headers: { 'content-type': 'text/xml' } });
    });
    vi.stubGlobal('fetch', fetchFn);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useMapStore.getState().set({ droneLayer: null });
    useMapStore.getState().setOverlay('drone', false);
  });

  it('offers the layers of a prefixed capabilities document; EPSG:5514 layer without a warning', async () => {
    act(() => useMapStore.getState().setOverlay('drone', true));
    renderUi(<DroneControl />);
    await waitFor(() =>
      expect(useDroneStore.getState().layers?.map((l) => l.name)).toEqual(['GR_ORTFOTORGB', 'GL_CA010']),
    );
    expect(useMapStore.getState().droneLayer).toBe('GR_ORTFOTORGB');
    expect(screen.queryByTestId('drone-crs-warning')).not.toBeInTheDocument();
  });

  it('a layer the service does not offer in EPSG:5514: the Czech warning', async () => {
    act(() => {
      useMapStore.getState().set({ droneLayer: 'GL_CA010' });
      useMapStore.getState().setOverlay('drone', true);
    });
    renderUi(<DroneControl />);
    const icon = await screen.findByTestId('drone-crs-warning');
    expect(icon).toHaveAttribute(
      'aria-label',
      expect.stringContaining('nenabízí souřadnicový systém S-JTSK (EPSG:5514)'),
    );
    expect(await screen.findByText(/snímky se převádějí z EPSG:4326/)).toBeInTheDocument();
  });
});
